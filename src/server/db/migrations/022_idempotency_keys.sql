-- Idempotency keys (the `Idempotency-Key` request header of the create routes: sign-up, pledge, agreement request,
-- offer, project). A client that sends a create again with the key it used, because the first answer never reached
-- it (a dropped connection, a 503), gets the first answer back instead of a second row. The key is stored in the
-- same transaction as the row it created, with the answer sent, so a key is here exactly when its write committed.
-- `scope` is whose key it is (`user:<id>`, or `guest:<address>` for a signed-out client), `fingerprint` the SHA-256
-- of the request (method, address, body): the same key with another request is refused. Kept 24 hours (the purge
-- job removes older ones; an older key is free again).
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status_code integer NOT NULL,
  answer json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
