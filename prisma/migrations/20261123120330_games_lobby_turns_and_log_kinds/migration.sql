/*
  Warnings:

  - A unique constraint covering the columns `[number]` on the table `games` will be added. If there are existing duplicate values, this will fail.
  - A unique constraint covering the columns `[invite_code]` on the table `games` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "game_visibility" AS ENUM ('public', 'private');

-- CreateEnum
CREATE TYPE "game_entry_kind" AS ENUM ('start', 'action', 'undo', 'resign');

-- AlterTable
ALTER TABLE "game_actions" ADD COLUMN     "kind" "game_entry_kind" NOT NULL DEFAULT 'action';

-- AlterTable
ALTER TABLE "game_players" ADD COLUMN     "pending_since" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "days_per_move" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "invite_code" TEXT,
ADD COLUMN     "number" SERIAL NOT NULL,
ADD COLUMN     "pending" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "visibility" "game_visibility" NOT NULL DEFAULT 'public';

-- CreateIndex
CREATE UNIQUE INDEX "games_number_key" ON "games"("number");

-- CreateIndex
CREATE UNIQUE INDEX "games_invite_code_key" ON "games"("invite_code");

-- CreateIndex
CREATE INDEX "games_visibility_status_number_idx" ON "games"("visibility", "status", "number");
