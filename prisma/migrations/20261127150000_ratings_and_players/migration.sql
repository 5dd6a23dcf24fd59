-- Ratings and player pages (issue 29): rated games and Glicko-2 ratings per player and game
-- module (src/app/ratings/), a unique name in links for every player (/players/<handle>), each
-- seat carrying its game's number and status so that one player's games are read in number
-- order from an index, an index for the daily digest's users, and the worker's look at late
-- moves going on to abandonment (src/app/games/time-controls.ts).

-- DropIndex
DROP INDEX "game_players_user_id_idx";

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "handle" TEXT;

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "rated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "rating_seq" BIGINT;

-- AlterTable
ALTER TABLE "game_players" ADD COLUMN     "number" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rating_after" DOUBLE PRECISION,
ADD COLUMN     "rating_before" DOUBLE PRECISION,
ADD COLUMN     "status" "game_status" NOT NULL DEFAULT 'open';

-- CreateTable
CREATE TABLE "ratings" (
    "user_id" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "volatility" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ratings_pkey" PRIMARY KEY ("user_id","game")
);

-- CreateIndex
CREATE INDEX "ratings_game_rating_user_id_idx" ON "ratings"("game", "rating", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "users_handle_key" ON "users"("handle");

-- CreateIndex
CREATE INDEX "users_email_preference_id_idx" ON "users"("email_preference", "id");

-- CreateIndex
CREATE INDEX "games_rating_seq_idx" ON "games"("rating_seq");

-- CreateIndex
CREATE INDEX "game_players_user_id_status_number_idx" ON "game_players"("user_id", "status", "number" DESC);

-- AddForeignKey
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Each seat carries its game's number and status (lists and player pages read one player's
-- games from game_players_user_id_status_number_idx, newest first, and join the games of the
-- page only). A new seat takes them from its game; a game whose status changes passes it on to
-- its seats (at its start and its end: a move leaves the status as it is, and the trigger's
-- condition is all it costs).
UPDATE "game_players" p SET "number" = g."number", "status" = g."status" FROM "games" g WHERE g."id" = p."game_id";

CREATE FUNCTION alea_seat_of_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.number, g.status INTO NEW.number, NEW.status FROM games g WHERE g.id = NEW.game_id;
  RETURN NEW;
END
$$;
CREATE TRIGGER game_players_of_game BEFORE INSERT ON game_players
  FOR EACH ROW EXECUTE FUNCTION alea_seat_of_game();

CREATE FUNCTION alea_status_to_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE game_players SET status = NEW.status WHERE game_id = NEW.id AND status IS DISTINCT FROM NEW.status;
  RETURN NULL;
END
$$;
CREATE TRIGGER games_status_to_seats AFTER UPDATE OF status ON games FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION alea_status_to_seats();

-- A player's name in links: display names need not be unique, so the handle is the display
-- name, or the display name and -2, -3, ... (the first that no other account has) when it is
-- taken, and never only dots (a path segment "." or ".." is no name). Set by the database on
-- every insert without one and every change of display name, whoever writes it; one advisory
-- lock for every such choice, so that two choices of the same name wait for each other.
CREATE FUNCTION alea_free_handle(name text, uid uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  n int := 1;
  candidate text := name;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('alea_free_handle'));
  IF name ~ '^\.*$' THEN
    n := 2;
    candidate := name || '-2';
  END IF;
  WHILE EXISTS (SELECT 1 FROM users WHERE handle = candidate AND id <> uid) LOOP
    n := n + 1;
    candidate := name || '-' || n;
  END LOOP;
  RETURN candidate;
END
$$;

CREATE FUNCTION alea_set_handle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.handle := alea_free_handle(NEW.display_name, NEW.id);
  RETURN NEW;
END
$$;
CREATE TRIGGER users_handle_insert BEFORE INSERT ON users FOR EACH ROW
  WHEN (NEW.handle IS NULL)
  EXECUTE FUNCTION alea_set_handle();
CREATE TRIGGER users_handle_update BEFORE UPDATE OF display_name ON users FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
  EXECUTE FUNCTION alea_set_handle();

-- The accounts there are, the oldest first (the first of a name keeps it).
DO $$
DECLARE
  u record;
BEGIN
  FOR u IN SELECT id, display_name FROM users ORDER BY created_at, id LOOP
    UPDATE users SET handle = alea_free_handle(u.display_name, u.id) WHERE id = u.id;
  END LOOP;
END
$$;

-- Abandonment (README, Time controls): the worker now looks at a late move again 14 days
-- (ABANDON_AFTER_DAYS) after its deadline. Seats whose overdue notice was handled already had
-- that time cleared: it is set again.
UPDATE "game_players" p SET "overdue_notice_at" = p."deadline" + interval '14 days'
FROM "games" g
WHERE g."id" = p."game_id" AND g."status" = 'active' AND p."role" = ANY (g."pending")
  AND p."deadline" IS NOT NULL AND p."overdue_notice_at" IS NULL;
