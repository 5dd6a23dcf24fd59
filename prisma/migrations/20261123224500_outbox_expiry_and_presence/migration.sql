-- Emails retry for as long as they are useful (expires_at), then become `expired`; an email no
-- longer needed before it was ever tried (the move was made) becomes `dropped`.
-- Open event streams record presence so a worker in any process can hold a "your move" email.
-- AlterEnum
ALTER TYPE "outbox_status" ADD VALUE 'expired';
ALTER TYPE "outbox_status" ADD VALUE 'dropped';

-- The daily digest preference (src/app/digest.ts).
ALTER TYPE "email_preference" ADD VALUE 'digest';

-- AlterTable
ALTER TABLE "outbox" ADD COLUMN     "expires_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "game_presence" (
    "stream_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "game_presence_pkey" PRIMARY KEY ("stream_id")
);

-- CreateIndex
CREATE INDEX "game_presence_user_id_game_id_idx" ON "game_presence"("user_id", "game_id");
