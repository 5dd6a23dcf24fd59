-- Issue 42: what third-party clients get. Personal API tokens (api_tokens: a digest per token,
-- its scopes, the account's token generation it was made in), challenges (challenges: a private
-- game offered to one player, kept after it is gone), bot accounts (users.bot_since) and games
-- that allow them (games.allow_bots), outgoing webhooks (webhooks) and their deliveries
-- (webhook_deliveries: an outbox of their own). Existing rows: people's accounts, games that
-- allow no bots; nothing else changes.

-- CreateEnum
CREATE TYPE "challenge_status" AS ENUM ('open', 'accepted', 'declined', 'canceled', 'expired');

-- CreateEnum
CREATE TYPE "webhook_format" AS ENUM ('json', 'discord', 'slack');

-- CreateEnum
CREATE TYPE "webhook_delivery_status" AS ENUM ('pending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "bot_since" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "allow_bots" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "generation" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "challenges" (
    "id" UUID NOT NULL,
    "game_id" UUID,
    "challenger_id" UUID NOT NULL,
    "challenged_id" UUID NOT NULL,
    "status" "challenge_status" NOT NULL DEFAULT 'open',
    "terms" JSONB NOT NULL,
    "message" TEXT,
    "decline_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "format" "webhook_format" NOT NULL,
    "events" TEXT[],
    "secret_box" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_delivery_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" BIGSERIAL NOT NULL,
    "webhook_id" UUID NOT NULL,
    "event_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "dedupe_key" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "payload" JSON NOT NULL,
    "status" "webhook_delivery_status" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_user_id_idx" ON "api_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenges_game_id_key" ON "challenges"("game_id");

-- CreateIndex
CREATE INDEX "challenges_challenger_id_created_at_idx" ON "challenges"("challenger_id", "created_at");

-- CreateIndex
CREATE INDEX "challenges_challenged_id_created_at_idx" ON "challenges"("challenged_id", "created_at");

-- CreateIndex
CREATE INDEX "challenges_status_expires_at_idx" ON "challenges"("status", "expires_at");

-- CreateIndex
CREATE INDEX "webhooks_user_id_idx" ON "webhooks"("user_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_dedupe_key_key" ON "webhook_deliveries"("webhook_id", "dedupe_key");

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenger_id_fkey" FOREIGN KEY ("challenger_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenged_id_fkey" FOREIGN KEY ("challenged_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;


