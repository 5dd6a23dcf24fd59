-- AlterTable
ALTER TABLE "game_actions" ADD COLUMN     "log_from" INTEGER,
ADD COLUMN     "log_tail" JSON;
