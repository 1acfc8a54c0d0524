-- Late payments, the Shariah way (DOMAIN.md "Late payments"; issue 30 §3).

-- Reminders to the owner, each sent once: a few days before an instalment is due, and on the day. (Becoming overdue
-- is told once already: it is the moment the mark-overdue job sets overdue_at.)
ALTER TABLE instalments ADD COLUMN reminded_before_at timestamptz;
ALTER TABLE instalments ADD COLUMN reminded_due_at timestamptz;
CREATE INDEX instalments_due_on_due ON instalments (due_on) WHERE status = 'due';

-- In default: an agreement with an instalment overdue for DEFAULT_AFTER_DAYS, until every overdue instalment is
-- paid (accepted ⇄ in_default). Kept beside the status rather than in it: the agreement is still accepted money —
-- raised, backers, the investor's figures and every read of accepted agreements keep counting it.
ALTER TABLE agreement_requests ADD COLUMN in_default_since timestamptz;
ALTER TABLE agreement_requests ADD CONSTRAINT agreement_requests_default_only_accepted CHECK (in_default_since IS NULL OR status = 'accepted');
CREATE INDEX agreement_requests_in_default ON agreement_requests (in_default_since) WHERE in_default_since IS NOT NULL;

-- A late charge owed to charity through the platform, never to the investor: one per instalment, opened when its
-- grace period has passed with the rate and grace then in force (a later change of the setting does not reach back),
-- `accruing` until the instalment is marked paid (its amount is then fixed: `owed`), `settled` when staff confirm
-- the platform's charity account received it, with the payment's reference.
CREATE TABLE late_charges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  instalment_id uuid NOT NULL UNIQUE REFERENCES instalments (id) ON DELETE CASCADE,
  agreement_id uuid NOT NULL REFERENCES agreement_requests (id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users (id),
  overdue_amount numeric(14, 2) NOT NULL CHECK (overdue_amount > 0),
  due_on date NOT NULL,
  rate_pa numeric(7, 2) NOT NULL CHECK (rate_pa > 0),
  grace_days integer NOT NULL CHECK (grace_days >= 0),
  status text NOT NULL CHECK (status IN ('accruing', 'owed', 'settled')),
  amount numeric(14, 2) CHECK (amount > 0),
  paid_on date,
  settled_at timestamptz,
  settled_by uuid REFERENCES users (id),
  reference text,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'accruing') = (amount IS NULL)),
  CHECK ((status = 'accruing') = (paid_on IS NULL)),
  CHECK ((status = 'settled') = (settled_at IS NOT NULL AND reference IS NOT NULL))
);
CREATE INDEX late_charges_status ON late_charges (status, created_at);
CREATE INDEX late_charges_owner ON late_charges (owner_id);
CREATE INDEX late_charges_agreement ON late_charges (agreement_id);

-- Where the charity money went: each payment out of the platform's charity account, recorded by staff.
CREATE TABLE charity_disbursements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  recipient text NOT NULL,
  reference text NOT NULL,
  paid_on date NOT NULL,
  note text,
  recorded_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX charity_disbursements_paid ON charity_disbursements (paid_on DESC, created_at DESC);

-- A kind of notice a person does not want by a channel: e-mail as before, or SMS for the kinds sent by SMS.
ALTER TABLE notice_preferences ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'));
ALTER TABLE notice_preferences DROP CONSTRAINT notice_preferences_pkey;
ALTER TABLE notice_preferences ADD PRIMARY KEY (user_id, kind, channel);
