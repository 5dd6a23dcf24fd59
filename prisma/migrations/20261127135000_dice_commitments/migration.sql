-- Fair dice (src/engine/kit/dice.ts): each game publishes from its creation the SHA-256 of its
-- seed (seed_commitment) and, when it ends, the seed; each player adds a public seed of their own
-- (player_seed), and the generator's key is the SHA-256 of the seed followed by the players' seeds.
-- Games created before have no commitment (NULL): they stay keyed by their seed alone, and their
-- records say they cannot be verified.

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "seed_commitment" TEXT;

-- AlterTable
ALTER TABLE "game_players" ADD COLUMN     "player_seed" TEXT,
ADD COLUMN     "player_seed_by_server" BOOLEAN NOT NULL DEFAULT false;

-- A commitment is to a 256-bit seed of the keyed generator; seeds are 64 lower-case hex digits.
ALTER TABLE "games" ADD CONSTRAINT "games_seed_commitment_form"
  CHECK ("seed_commitment" IS NULL OR ("seed_commitment" ~ '^[0-9a-f]{64}$' AND "rng" = 'chacha20'));
ALTER TABLE "game_players" ADD CONSTRAINT "game_players_player_seed_form"
  CHECK ("player_seed" IS NULL OR "player_seed" ~ '^[0-9a-f]{64}$');
