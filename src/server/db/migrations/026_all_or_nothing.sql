-- All-or-nothing campaigns (issue 31 §2, DOMAIN.md "Investor protections").
--
-- 1. A project states its funding model when submitted: `all_or_nothing` or `keep_what_you_raise`. Projects
--    submitted before this change were published without the promise to return money, so they keep what they
--    raise (they close as before); the server sets the column on every new or edited submission.
-- 2. A project closed below its goal under all-or-nothing has the outcome `goal_not_reached`.
-- 3. At that close its pending agreement requests become `expired`, its accepted agreements `cancelled` with the
--    reason `goal_not_reached` (cooling-off cancellations say `cooling_off`), its confirmed donations `refund_due`,
--    then `refunded` when staff record the refund with its reference.
-- The figures' triggers (migrations 009, 015, 019, 025) count only pending and accepted agreements and pledged and
-- confirmed donations, so every one of these moves takes its amount out of raised, waiting and backers by the
-- status change alone, under the project's FOR NO KEY UPDATE lock (migration 019): no trigger changes here.

ALTER TABLE projects ADD COLUMN funding_model text NOT NULL DEFAULT 'keep_what_you_raise'
  CHECK (funding_model IN ('all_or_nothing', 'keep_what_you_raise'));
ALTER TABLE projects ADD COLUMN outcome text CHECK (outcome IN ('goal_not_reached'));
ALTER TABLE projects ADD CONSTRAINT projects_outcome_only_closed CHECK (outcome IS NULL OR status = 'closed');

ALTER TABLE agreement_requests DROP CONSTRAINT agreement_requests_status_check;
ALTER TABLE agreement_requests ADD CONSTRAINT agreement_requests_status_check
  CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'expired', 'cancelled'));
ALTER TABLE agreement_requests ADD COLUMN cancel_reason text CHECK (cancel_reason IN ('cooling_off', 'goal_not_reached'));
UPDATE agreement_requests SET cancel_reason = 'cooling_off' WHERE status = 'cancelled';

ALTER TABLE donations DROP CONSTRAINT donations_status_check;
ALTER TABLE donations ADD CONSTRAINT donations_status_check
  CHECK (status IN ('pledged', 'confirmed', 'cancelled', 'refund_due', 'refunded'));
ALTER TABLE donations ADD COLUMN refund_reference text;
ALTER TABLE donations ADD COLUMN refunded_at timestamptz;
ALTER TABLE donations ADD COLUMN refunded_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE donations ADD CONSTRAINT donations_refund_recorded
  CHECK ((status = 'refunded') = (refund_reference IS NOT NULL AND refunded_at IS NOT NULL));
