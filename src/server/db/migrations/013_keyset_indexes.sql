-- A person's own lists are read a page at a time: my projects, agreement requests, offers, invitations and donations
-- newest first, in (created_at, id) order; my returns and repayments soonest due first, in (due_on, agreement_id, id) order. With
-- id in the index, a page after a cursor starts where the cursor points (an index condition on the row comparison)
-- instead of reading every earlier row of the person again and sorting the ties.
CREATE INDEX projects_owner_newest ON projects (owner_id, created_at DESC, id DESC);
DROP INDEX projects_owner;
CREATE INDEX agreement_requests_investor_newest ON agreement_requests (investor_id, created_at DESC, id DESC);
DROP INDEX agreement_requests_investor;
CREATE INDEX offers_investor_newest ON offers (investor_id, created_at DESC, id DESC);
DROP INDEX offers_investor;
CREATE INDEX invitations_investor_newest ON invitations (investor_id, created_at DESC, id DESC);
DROP INDEX invitations_investor;
CREATE INDEX donations_donor_newest ON donations (donor_id, created_at DESC, id DESC) WHERE donor_id IS NOT NULL;
DROP INDEX donations_donor;
CREATE INDEX instalments_owner_due ON instalments (owner_id, due_on, agreement_id, id);
DROP INDEX instalments_owner;
CREATE INDEX instalments_investor_due ON instalments (investor_id, due_on, agreement_id, id);
DROP INDEX instalments_investor;
-- A project's proposal cards, newest first.
CREATE INDEX agreement_requests_project_newest ON agreement_requests (project_id, created_at DESC, id DESC);
