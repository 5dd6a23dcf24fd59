-- Less WAL per keyed move (issue 11): an idempotent answer is kept as json text, which
-- PostgreSQL's compression shrinks better than jsonb's binary form (about 1.4 KiB less WAL per
-- move sent with an Idempotency-Key, measured with `npm run bench:api -- --wal`).
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET DATA TYPE JSON USING "response_body"::json;
