-- Issue 29, between players: messages in a game (game_messages, and each player's reading of
-- them: message_readers), a private notepad per player and game (game_notes), blocks between
-- users (user_blocks), rematches (a game offered to one person: games.invitee_id; the finished
-- game it is the rematch of: games.rematch_of, one per game) and games whose creator would play
-- either side (games.any_role). See src/app/messages/, src/app/blocks/ and src/app/lobby/.
-- None of these columns is among those the revision triggers watch: a rematch or an invitation
-- is written when the game is created, and a side taken by whoever joins writes the seats (whose
-- trigger writes the games row).

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "any_role" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "invitee_id" UUID,
ADD COLUMN     "rematch_of" UUID;

-- CreateTable
CREATE TABLE "game_messages" (
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "author_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "game_messages_pkey" PRIMARY KEY ("game_id","seq")
);

-- CreateTable
CREATE TABLE "message_readers" (
    "game_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "off" BOOLEAN NOT NULL DEFAULT false,
    "seen_through" INTEGER NOT NULL DEFAULT 0,
    "emailed_through" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "message_readers_pkey" PRIMARY KEY ("game_id","user_id")
);

-- CreateTable
CREATE TABLE "game_notes" (
    "game_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "game_notes_pkey" PRIMARY KEY ("game_id","user_id")
);

-- CreateTable
CREATE TABLE "user_blocks" (
    "blocker_id" UUID NOT NULL,
    "blocked_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_blocks_pkey" PRIMARY KEY ("blocker_id","blocked_id")
);

-- CreateIndex
CREATE INDEX "game_messages_author_id_created_at_idx" ON "game_messages"("author_id", "created_at");

-- CreateIndex
CREATE INDEX "message_readers_user_id_idx" ON "message_readers"("user_id");

-- CreateIndex
CREATE INDEX "game_notes_user_id_idx" ON "game_notes"("user_id");

-- CreateIndex
CREATE INDEX "user_blocks_blocked_id_idx" ON "user_blocks"("blocked_id");

-- CreateIndex
CREATE UNIQUE INDEX "games_rematch_of_key" ON "games"("rematch_of");

-- CreateIndex
CREATE INDEX "games_invitee_id_idx" ON "games"("invitee_id");

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_invitee_id_fkey" FOREIGN KEY ("invitee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_rematch_of_fkey" FOREIGN KEY ("rematch_of") REFERENCES "games"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_readers" ADD CONSTRAINT "message_readers_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_readers" ADD CONSTRAINT "message_readers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_notes" ADD CONSTRAINT "game_notes_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_notes" ADD CONSTRAINT "game_notes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_fkey" FOREIGN KEY ("blocked_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
