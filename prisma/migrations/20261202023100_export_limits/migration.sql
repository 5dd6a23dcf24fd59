-- Issue 38: how often an account may download its data (GET /v1/me/export), kept as the rate of
-- creating games is: the "theoretical arrival time" of the generic cell rate algorithm, a token
-- bucket in one timestamp (null: a full bucket; src/app/my-data/export-limits.ts).

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "export_tat" TIMESTAMPTZ(3);
