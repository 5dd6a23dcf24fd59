-- A change's write and its COMMIT go to PostgreSQL in one round trip (issue 11,
-- src/store/game-tx.ts). The one case in which the write must not be committed, an
-- Idempotency-Key that another request of the same user holds, then has to be an error, so that
-- PostgreSQL skips the COMMIT: the write statement calls this function, which raises SQLSTATE
-- AL001 (the application answers idempotency_key_reused).
CREATE FUNCTION alea_key_held() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'this idempotency key is held by another request' USING ERRCODE = 'AL001';
END
$$;
