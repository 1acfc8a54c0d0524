-- Notices: what needs a person (a decision, a proposal, a payment) becomes an in-app notice and, unless they
-- turned that kind off, a row in the e-mail outbox. Both are written in the transaction that made the change, so
-- a change that rolled back notifies nobody and one that committed cannot lose its e-mail.
CREATE TABLE notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  text text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notices_user ON notices (user_id, id DESC);

-- Delivered after commit by whichever process claims a row first (UPDATE … RETURNING sets it 'sending'):
-- queued → sending → sent, or back to queued with a later next_attempt_at, or failed after the last attempt.
CREATE TABLE email_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notice_id bigint REFERENCES notices (id) ON DELETE SET NULL,
  to_email text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_outbox_pending ON email_outbox (next_attempt_at) WHERE status IN ('queued', 'sending');
CREATE INDEX email_outbox_to ON email_outbox (lower(to_email), id DESC);

-- Kinds a person does not want by e-mail (a row means off; in-app notices always appear).
CREATE TABLE notice_preferences (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  PRIMARY KEY (user_id, kind)
);
