-- Work on a clock: each scheduled run of a job is one row, unique per job and slot, so a job runs once per slot
-- however many server processes share the database.
CREATE TABLE job_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job text NOT NULL,
  slot timestamptz NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  ok boolean,
  result text,
  UNIQUE (job, slot)
);
CREATE INDEX job_runs_latest ON job_runs (job, started_at DESC);

-- An instalment past its due date and not yet paid is overdue (marked by a job, not computed on read).
ALTER TABLE instalments ADD COLUMN overdue_at timestamptz;
CREATE INDEX instalments_due ON instalments (due_on) WHERE status = 'due' AND overdue_at IS NULL;

-- A pledge left unpaid is reminded once, then expires.
ALTER TABLE donations ADD COLUMN reminded_at timestamptz;
CREATE INDEX donations_pledged ON donations (created_at) WHERE status = 'pledged';
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE INDEX otp_codes_created ON otp_codes (created_at);
CREATE INDEX drafts_updated ON drafts (updated_at);
