-- Failed sign-ins per email address (whether an account has it or not, so that the limit tells
-- nothing about which accounts exist), kept in the database so every instance applies them.
-- CreateTable
CREATE TABLE "login_throttle" (
    "email" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),

    CONSTRAINT "login_throttle_pkey" PRIMARY KEY ("email")
);

-- CreateIndex
CREATE INDEX "login_throttle_last_failure_at_idx" ON "login_throttle"("last_failure_at");
