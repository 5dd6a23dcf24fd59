-- Seeds become 256-bit secrets (64 hex digits) keying a ChaCha20 generator. Games stored before
-- keep their 32-bit seed (now written in decimal) and their generator, mulberry32, so that they
-- replay and play on as they began; `rng` says which generator a game uses.
-- AlterTable
ALTER TABLE "games" ALTER COLUMN "seed" SET DATA TYPE TEXT USING "seed"::text;
ALTER TABLE "games" ADD COLUMN "rng" TEXT NOT NULL DEFAULT 'mulberry32';
ALTER TABLE "games" ALTER COLUMN "rng" DROP DEFAULT;
ALTER TABLE "games" ADD CONSTRAINT "games_seed_matches_rng" CHECK (
  ("rng" = 'chacha20' AND "seed" ~ '^[0-9a-f]{64}$') OR ("rng" = 'mulberry32' AND "seed" ~ '^-?[0-9]{1,10}$')
);
