-- Concurrent pledges and agreement requests on one project deadlocked (found by continuous writes in the database
-- restart test, issue 27 §2): inserting a donation or an agreement request takes FOR KEY SHARE on its project (the
-- foreign key check), then its trigger took FOR UPDATE on the same row to refresh the figures. Two such inserts each
-- held the first and waited for the other's to go: one was killed (a 500). FOR NO KEY UPDATE still lets one refresh
-- of a project's figures run at a time, and it does not conflict with FOR KEY SHARE, so the second insert waits for
-- the first to commit instead. (It is the lock an UPDATE of the figures takes anyway: no key column changes.)

CREATE OR REPLACE FUNCTION project_figures_refresh(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM projects WHERE id = pid FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE projects p
     SET accepted_amount = s.accepted, waiting = s.pending, donated = s.confirmed, pledged_donations = s.pledged,
         raised = s.accepted + s.confirmed, backers = s.backers, investors = s.investors
    FROM (
      SELECT
        coalesce((SELECT sum(amount) FROM agreement_requests WHERE project_id = pid AND status = 'accepted'), 0) AS accepted,
        coalesce((SELECT sum(amount) FROM agreement_requests WHERE project_id = pid AND status = 'pending'), 0) AS pending,
        coalesce((SELECT sum(amount) FROM donations WHERE project_id = pid AND status = 'confirmed'), 0) AS confirmed,
        coalesce((SELECT sum(amount) FROM donations WHERE project_id = pid AND status = 'pledged'), 0) AS pledged,
        (SELECT count(DISTINCT investor_id) FROM agreement_requests WHERE project_id = pid AND status = 'accepted') AS investors,
        -- Backers: distinct people with an accepted agreement or a confirmed donation; each anonymous donation once.
        (SELECT count(*) FROM (
           SELECT 'u:' || investor_id::text FROM agreement_requests WHERE project_id = pid AND status = 'accepted'
           UNION
           SELECT CASE WHEN anonymous OR donor_id IS NULL THEN 'd:' || id::text ELSE 'u:' || donor_id::text END
             FROM donations WHERE project_id = pid AND status = 'confirmed'
         ) b) AS backers
    ) s
   WHERE p.id = pid
     AND (p.accepted_amount, p.waiting, p.donated, p.pledged_donations, p.raised, p.backers, p.investors)
         IS DISTINCT FROM (s.accepted, s.pending, s.confirmed, s.pledged, s.accepted + s.confirmed, s.backers, s.investors);
END $$;
