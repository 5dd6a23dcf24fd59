-- Confirmation links per address, whatever account asks (issue: nine fresh accounts sent nine
-- "Confirm this address" emails to one stranger in ten seconds; the limits were per account).

-- CreateTable
CREATE TABLE "confirmation_sends" (
    "id" BIGSERIAL NOT NULL,
    "recipient_key" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "confirmation_sends_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "confirmation_sends_recipient_key_sent_at_idx" ON "confirmation_sends"("recipient_key", "sent_at");

-- CreateIndex
CREATE INDEX "confirmation_sends_sent_at_idx" ON "confirmation_sends"("sent_at");

-- CreateIndex
CREATE INDEX "email_confirmations_email_expires_at_idx" ON "email_confirmations"("email", "expires_at");
