-- Risk disclosure (issue 31 §4, DOMAIN.md "Investor protections"): before a person's first agreement request, and
-- again whenever the risk statement changes, they read and acknowledge it. One row per person and statement
-- version: the version is the site content version in which the statement took its present wording
-- (content/risk-statement.ts), so a later edit of another text does not ask for a new acknowledgment. The rows
-- are kept (a history of what each person acknowledged and when); acknowledging is also in the audit log.

CREATE TABLE risk_acknowledgments (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  statement_version integer NOT NULL CHECK (statement_version >= 1),
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, statement_version)
);
