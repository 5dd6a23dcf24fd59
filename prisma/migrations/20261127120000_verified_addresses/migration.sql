-- Verified addresses (src/app/email-confirmation.ts): until its owner confirms an account's
-- address (the link of a confirmation email), Alea sends it nothing but confirmations and
-- password resets; an address change waits in pending_email until the new address is confirmed.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_verified_at" TIMESTAMPTZ(3),
ADD COLUMN     "pending_email" TEXT;

-- EXISTING ACCOUNTS ARE TREATED AS CONFIRMED, explicitly: they were made before addresses could
-- be confirmed at all, their players are in games that depend on "your move" emails, and
-- turning their emails off would stop those games for everyone. Their confirmation time is their
-- creation time (no link was ever used). An operator who would rather have every existing
-- address confirmed again runs `UPDATE users SET email_verified_at = NULL;` (each player then
-- asks for a link from the home page).
UPDATE "users" SET "email_verified_at" = "created_at";

-- CreateTable
CREATE TABLE "email_confirmations" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "email_confirmations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_confirmations_token_hash_key" ON "email_confirmations"("token_hash");

-- CreateIndex
CREATE INDEX "email_confirmations_user_id_created_at_idx" ON "email_confirmations"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "email_confirmations_expires_at_idx" ON "email_confirmations"("expires_at");

-- AddForeignKey
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A read of a game now shows whether each seated player's address is confirmed (whether a change
-- emails them): confirming one writes their games' rows, as a change of address does, so a game
-- a process holds is read again (20261126140000_revision_is_the_games_row).
DROP TRIGGER users_touch_games ON users;
CREATE TRIGGER users_touch_games AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name OR OLD.email IS DISTINCT FROM NEW.email
     OR OLD.email_preference IS DISTINCT FROM NEW.email_preference OR OLD.vacation_ends_at IS DISTINCT FROM NEW.vacation_ends_at
     OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at)
  EXECUTE FUNCTION alea_touch_games_of_user();
