-- The owner's acceptance of an agreement request is a form submission too (agreement-accept): it records the version
-- of that form it was validated with, beside the request's own form_version. Null while the request is undecided or
-- was declined; acceptances stored before this migration were validated with the files: version 1.
ALTER TABLE agreement_requests ADD COLUMN acceptance_form_version integer;
UPDATE agreement_requests SET acceptance_form_version = 1 WHERE acceptance IS NOT NULL;
