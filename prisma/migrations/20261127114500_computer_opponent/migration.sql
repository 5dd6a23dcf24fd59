-- The computer opponent (src/app/games/computer.ts): a game against the computer names the role it
-- plays and its level; like the bot, it holds no seat (no emails, deadlines or reminders). Its
-- queue is these columns: the worker makes the computer's move in every active game whose pending
-- roles include computer_role, so a pending move survives a restart.

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "computer_level" TEXT,
ADD COLUMN     "computer_role" TEXT;

-- Both or neither.
ALTER TABLE "games" ADD CONSTRAINT "games_computer_role_level" CHECK (("computer_role" IS NULL) = ("computer_level" IS NULL));

-- The worker's query (src/store/computer-games.ts): active games against the computer, oldest change first.
CREATE INDEX "games_awaiting_computer" ON "games" ("updated_at") WHERE "status" = 'active' AND "computer_role" IS NOT NULL;
