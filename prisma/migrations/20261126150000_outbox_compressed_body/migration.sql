-- An email a move enqueues keeps its text and HTML bodies compressed together in body_z (raw
-- DEFLATE of the JSON array [text, html]: src/store/outbox-body.ts), about half their size: the
-- emails were the largest part of a move's WAL (issue 11). Rows written otherwise (password
-- resets, digests, rows of before) keep text_body and html_body; every row has one or the other.
ALTER TABLE "outbox" ADD COLUMN "body_z" BYTEA;
ALTER TABLE "outbox" ALTER COLUMN "text_body" DROP NOT NULL;
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_has_a_body" CHECK ("text_body" IS NOT NULL OR "body_z" IS NOT NULL);
