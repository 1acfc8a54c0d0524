-- Investor protections (issue 31 §1 and §3, DOMAIN.md "Investor protections").
--
-- 1. A person is retail unless staff mark them qualified: one row here while they are, with the note, an optional
--    evidence file, who and when. Unqualifying deletes the row; both moves are in the audit log.
-- 2. An accepted agreement cancelled within the cooling-off window becomes `cancelled` (final). The figures'
--    triggers (migrations 009, 015, 019) count only `accepted` and `pending` rows, so a cancelled agreement leaves
--    raised, waiting and backers by the status change alone. cancelled_at keeps when; decided_at stays the
--    acceptance, from which the window was measured.

CREATE TABLE investor_qualifications (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  note text NOT NULL CHECK (length(btrim(note)) > 0),
  evidence_file_id uuid REFERENCES files (id) ON DELETE SET NULL,
  qualified_by uuid REFERENCES users (id) ON DELETE SET NULL,
  qualified_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE agreement_requests DROP CONSTRAINT agreement_requests_status_check;
ALTER TABLE agreement_requests ADD CONSTRAINT agreement_requests_status_check
  CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'cancelled'));
ALTER TABLE agreement_requests ADD COLUMN cancelled_at timestamptz;
