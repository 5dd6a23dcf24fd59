-- Issue 41: the log wording a kept record was made with (src/engine/record/format.ts LOG_VERSION).
-- A kept record made with another is made again at its next read, so a change of the log's words
-- never serves a stale record or transcript. Rows kept before were made with wording 1.

-- AlterTable
ALTER TABLE "game_records" ADD COLUMN     "log_version" INTEGER NOT NULL DEFAULT 1;
