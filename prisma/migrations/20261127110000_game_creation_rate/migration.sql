-- Games one account may create are limited (src/app/game-limits.ts): a rate, kept as the generic
-- cell rate algorithm's "theoretical arrival time" (a token bucket in one timestamp; null is a
-- full bucket, which every existing account starts with), and caps counted from the games.
-- Not among the columns the users_touch_games trigger watches: no read of a game shows it.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "game_creation_tat" TIMESTAMPTZ(3);
