-- Email preferences (all / moves / none) replace the on/off switch; time controls: deadlines,
-- reminders and overdue notices stored on the seats, no time limit allowed, vacations, and the
-- timeout and extend log entries. Written by `prisma migrate dev --create-only`, then given the
-- data steps (marked "Data:") before it was first applied.

-- CreateEnum
CREATE TYPE "email_preference" AS ENUM ('all', 'moves', 'none');

-- AlterEnum (PostgreSQL 12+ allows this in a transaction; the values are not used below)
ALTER TYPE "game_entry_kind" ADD VALUE 'timeout';
ALTER TYPE "game_entry_kind" ADD VALUE 'extend';

-- AlterTable
ALTER TABLE "game_players" ADD COLUMN     "deadline" TIMESTAMPTZ(3),
ADD COLUMN     "overdue_notice_at" TIMESTAMPTZ(3),
ADD COLUMN     "remind_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "games" ALTER COLUMN "days_per_move" DROP NOT NULL;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_preference" "email_preference" NOT NULL DEFAULT 'all',
ADD COLUMN     "vacation_days_used" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "vacation_ends_at" TIMESTAMPTZ(3),
ADD COLUMN     "vacation_started_at" TIMESTAMPTZ(3),
ADD COLUMN     "vacation_year" INTEGER;

-- Data: emails on -> all, off -> none.
UPDATE "users" SET "email_preference" = 'none' WHERE "email_notifications" = false;

-- AlterTable
ALTER TABLE "users" DROP COLUMN "email_notifications";

-- Data: the pending seats of active games get the deadline they had so far (computed then from
-- pending_since + days_per_move), with their reminder (20% of the move's time before it) and
-- overdue notice still to come if they are in the future.
UPDATE "game_players" p SET
  "deadline" = p."pending_since" + g."days_per_move" * interval '1 day',
  "remind_at" = p."pending_since" + g."days_per_move" * interval '1 day' * 0.8,
  "overdue_notice_at" = p."pending_since" + g."days_per_move" * interval '1 day'
FROM "games" g
WHERE g."id" = p."game_id" AND g."status" = 'active' AND p."pending_since" IS NOT NULL
  AND p."role" = ANY (g."pending") AND g."days_per_move" IS NOT NULL;

-- CreateIndex
CREATE INDEX "game_players_remind_at_idx" ON "game_players"("remind_at");

-- CreateIndex
CREATE INDEX "game_players_overdue_notice_at_idx" ON "game_players"("overdue_notice_at");
