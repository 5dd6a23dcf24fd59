-- Failed sign-ins are counted per email address AND client source (a keyed digest of the client's
-- address or IPv6 /64), with a row per account (source '*') for a much higher ceiling that spares
-- the sources the owner signed in from (signed_in_at): an attacker's failures no longer lock the
-- owner out (src/app/sign-in-throttle.ts). The counts kept so far were per address only and last
-- a day at most: they are dropped rather than guessed into the new shape.
DELETE FROM "login_throttle";

-- AlterTable
ALTER TABLE "login_throttle" DROP CONSTRAINT "login_throttle_pkey",
ADD COLUMN     "signed_in_at" TIMESTAMPTZ(3),
ADD COLUMN     "source" TEXT NOT NULL,
ALTER COLUMN "last_failure_at" DROP NOT NULL,
ADD CONSTRAINT "login_throttle_pkey" PRIMARY KEY ("email", "source");
