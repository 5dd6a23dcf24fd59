-- A game's revision is its games row's xmin alone (issue 11): a write to anything a read of the
-- game shows (a seat; a seated user's name, address, email preference or vacation) also writes
-- the games row, by the triggers below, so one row's xmin tells whether a game is still as a
-- process holds it. Checking it is a lookup of one row by its key: about two thirds of what the
-- revision of 20261126120000 cost (the seats and their users joined and aggregated), on every
-- move's write and every read of a held game.

DROP TRIGGER game_players_revision ON game_players;
DROP TRIGGER users_revision ON users;
DROP FUNCTION alea_next_revision();
ALTER TABLE "game_players" DROP COLUMN "revision";
ALTER TABLE "users" DROP COLUMN "revision";

-- A seat written: the game's row is written too, unless this transaction wrote it already (a
-- change writes its seats and its games row in one statement: no second row version). Every
-- writer of seats outside a change takes the game's row lock first (src/store/games.ts), as a
-- change does, so that this never waits for a lock in the opposite order to a change.
CREATE FUNCTION alea_touch_game_of_seat() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games SET updated_at = updated_at
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.game_id ELSE NEW.game_id END
    AND xmin::text::bigint <> txid_current() % 4294967296;
  RETURN NULL;
END
$$;
CREATE TRIGGER game_players_touch_game AFTER INSERT OR UPDATE OR DELETE ON game_players
  FOR EACH ROW EXECUTE FUNCTION alea_touch_game_of_seat();

-- What a game's read shows of a user changed: every game they are seated at is written, locked
-- first in the order of their ids (as shiftSeatDeadlines locks them), so that two such updates
-- never wait for each other's locks in opposite orders. Not a password, a sign-in or a token
-- generation.
CREATE FUNCTION alea_touch_games_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM games g WHERE g.id IN (SELECT p.game_id FROM game_players p WHERE p.user_id = NEW.id) ORDER BY g.id FOR UPDATE;
  UPDATE games SET updated_at = updated_at
  WHERE id IN (SELECT p.game_id FROM game_players p WHERE p.user_id = NEW.id)
    AND xmin::text::bigint <> txid_current() % 4294967296;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_touch_games AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.email IS DISTINCT FROM NEW.email
     OR OLD.email_preference IS DISTINCT FROM NEW.email_preference OR OLD.vacation_ends_at IS DISTINCT FROM NEW.vacation_ends_at)
  EXECUTE FUNCTION alea_touch_games_of_user();

-- The revision is read where it is needed (src/store/game-tx.ts: a lookup of the games row, and
-- the write's own condition), so neither the SQL function of the revision nor the lock's check
-- of it is used any more: the lock only takes the row lock, with its timeout.
DROP FUNCTION alea_game_revision(uuid);
DROP FUNCTION alea_lock_game(uuid, text, integer);
CREATE FUNCTION alea_lock_game(game uuid, lock_timeout_ms integer) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('lock_timeout', lock_timeout_ms::text, true);
  PERFORM 1 FROM games WHERE id = game FOR UPDATE;
  RETURN FOUND;
END
$$;
