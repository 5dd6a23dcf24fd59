-- Access tokens carry the generation they were issued in; raising it revokes every earlier one.
-- Written by `prisma migrate diff --from-migrations ... --to-schema-datamodel ...` (tools/prisma-migrate).
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "token_generation" INTEGER NOT NULL DEFAULT 0;
