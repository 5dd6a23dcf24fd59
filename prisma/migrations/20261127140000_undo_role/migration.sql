-- Undo availability in every game answer (`undoable`): the role whose undo would be accepted
-- now, written by every change to a game (src/app/games/change/write.ts), '' when nobody's.
-- Existing games get NULL, "not known": a read works it out from the game's log until their next
-- change writes it (src/app/games/games.ts).

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "undo_role" TEXT DEFAULT '';
UPDATE "games" SET "undo_role" = NULL;
