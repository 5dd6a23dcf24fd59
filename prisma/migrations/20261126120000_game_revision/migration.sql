-- Revisions (issue 11): numbers that move on whenever anything a read of a game returns changes
-- (src/store/games.ts): the games row (its xmin: the transaction that wrote its current version;
-- no column, so that a move's update of the row logs no more than it did), each seat, and each
-- seated user's name, address, email preference and vacation. A game's snapshot and log only
-- change with its games row (a change writes them together). A process that still holds a game as it last read or wrote it can
-- then make a change in one round trip: alea_lock_game takes the game's lock and checks, under
-- it, that the game is still as the process holds it; otherwise the process reads it again.

ALTER TABLE "game_players" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "users" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION alea_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;

-- Every update, whoever makes it.
CREATE TRIGGER game_players_revision BEFORE UPDATE ON game_players FOR EACH ROW EXECUTE FUNCTION alea_next_revision();
-- Only what a game's read shows of its players (not a password, a sign-in or a token generation).
CREATE TRIGGER users_revision BEFORE UPDATE ON users FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.email IS DISTINCT FROM NEW.email
     OR OLD.email_preference IS DISTINCT FROM NEW.email_preference OR OLD.vacation_ends_at IS DISTINCT FROM NEW.vacation_ends_at)
  EXECUTE FUNCTION alea_next_revision();

-- A game's revisions as one text: the games row's xmin, then each seat's role, its revision and
-- its user's (src/store/games.ts builds the same text from a read).
CREATE FUNCTION alea_game_revision(game uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT g.xmin::text || COALESCE((
    SELECT string_agg(';' || p.role || ':' || p.revision || ':' || u.revision, '' ORDER BY p.role COLLATE "C")
    FROM game_players p JOIN users u ON u.id = p.user_id WHERE p.game_id = game), '')
  FROM games g WHERE g.id = game
$$;

-- A change takes its game's row lock first (src/store/game-tx.ts), waiting at most
-- `lock_timeout_ms` for any lock of its transaction, and learns whether the game exists. With
-- `expected`, it goes on only if the game is still at that revision, checked under the lock (a
-- change committed meanwhile moved it on); otherwise SQLSTATE AL002, and PostgreSQL skips the
-- rest of the round trip.
CREATE FUNCTION alea_lock_game(game uuid, expected text, lock_timeout_ms integer) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  found_game boolean;
BEGIN
  PERFORM set_config('lock_timeout', lock_timeout_ms::text, true);
  PERFORM 1 FROM games WHERE id = game FOR UPDATE;
  found_game := FOUND;
  IF expected IS NOT NULL AND alea_game_revision(game) IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'the game is no longer at revision %', expected USING ERRCODE = 'AL002';
  END IF;
  RETURN found_game;
END
$$;
