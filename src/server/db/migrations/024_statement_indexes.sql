-- A statement for an income year reads a person's movements of money in date order, a page at a time after the
-- last (instant, id) read: agreements and donations by the instant they were decided, instalments by the instant
-- they were confirmed (received) or marked paid. With these, each page starts where the previous one stopped and
-- reads only the year's rows, however many years of activity the person has.
CREATE INDEX agreement_requests_investor_decided ON agreement_requests (investor_id, decided_at, id) WHERE decided_at IS NOT NULL;
CREATE INDEX agreement_requests_project_decided ON agreement_requests (project_id, decided_at, id) WHERE decided_at IS NOT NULL;
CREATE INDEX donations_donor_decided ON donations (donor_id, decided_at, id) WHERE decided_at IS NOT NULL AND donor_id IS NOT NULL;
CREATE INDEX donations_project_decided ON donations (project_id, decided_at, id) WHERE decided_at IS NOT NULL;
CREATE INDEX instalments_investor_confirmed ON instalments (investor_id, confirmed_at, id) WHERE confirmed_at IS NOT NULL;
CREATE INDEX instalments_owner_paid ON instalments (owner_id, paid_at, id) WHERE paid_at IS NOT NULL;
