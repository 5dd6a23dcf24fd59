-- AlterTable
ALTER TABLE "game_snapshots" ALTER COLUMN "state" SET DATA TYPE JSON;
