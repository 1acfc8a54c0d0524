-- Payments: every pledge gets a payment reference a person can type (HF-XXXX-XX, from an alphabet without 0/O,
-- 1/I/L), hosted-checkout sessions, and the log of what a payment gateway told us (for staff).

ALTER TABLE donations ADD COLUMN reference text;
-- Existing pledges: derived from the id, hex digits mapped onto the unambiguous alphabet.
UPDATE donations
   SET reference = 'HF-' || substr(translate(upper(md5(id::text)), '0123456789ABCDEF', '23456789ABCDEFGH'), 1, 4)
                 || '-' || substr(translate(upper(md5(id::text)), '0123456789ABCDEF', '23456789ABCDEFGH'), 5, 2);
ALTER TABLE donations ALTER COLUMN reference SET NOT NULL;
CREATE UNIQUE INDEX donations_reference ON donations (reference);

-- One row per "Pay now": tran_id is what the gateway sends back; amount and currency are what we asked for.
CREATE TABLE payment_sessions (
  tran_id text PRIMARY KEY,
  donation_id uuid NOT NULL REFERENCES donations (id) ON DELETE CASCADE,
  gateway text NOT NULL,
  amount numeric(14, 2) NOT NULL,
  currency text NOT NULL,
  session_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_sessions_donation ON payment_sessions (donation_id);

-- Every callback, accepted or not. val_id of an accepted payment is unique: a replay cannot confirm twice.
CREATE TABLE gateway_events (
  id bigserial PRIMARY KEY,
  gateway text NOT NULL,
  kind text NOT NULL,
  tran_id text,
  val_id text,
  donation_id uuid REFERENCES donations (id) ON DELETE SET NULL,
  outcome text NOT NULL CHECK (outcome IN ('confirmed', 'unchanged', 'rejected')),
  reason text NOT NULL,
  amount text,
  currency text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX gateway_events_accepted_val ON gateway_events (val_id) WHERE outcome = 'confirmed';
CREATE INDEX gateway_events_recent ON gateway_events (created_at DESC);
