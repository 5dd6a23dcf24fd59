-- Issue 38: a finished game's signed record and its transcript, made once (at the first request
-- after the game ends) and kept, so that reading them costs a row rather than a replay of the
-- game. Made again when the names it shows or the key it is signed with change
-- (src/app/games/record/stored.ts). The record and transcript are kept compressed together (raw
-- DEFLATE of [record, transcript], src/store/records.ts): about a third of what PostgreSQL's own
-- compression of the text left. Nothing to fill in: games finished before get theirs when first
-- read.

-- CreateTable
CREATE TABLE "game_records" (
    "game_id" UUID NOT NULL,
    "key_id" TEXT NOT NULL,
    "names" TEXT NOT NULL,
    "body_z" BYTEA NOT NULL,
    "made_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "game_records_pkey" PRIMARY KEY ("game_id")
);

-- AddForeignKey
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
