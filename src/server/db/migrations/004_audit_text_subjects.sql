-- The audit log also records actions on things that are not rows with a uuid: a sign-in lock is keyed by an
-- address or an account identifier (npm run staff -- unlock).
ALTER TABLE audit_log ALTER COLUMN subject_id TYPE text USING subject_id::text;
