-- The marketplace: projects, investment offers, Request For Invest invitations, agreement requests, donations,
-- Murabaha instalments, and form drafts. Money is numeric(14,2).

CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending_review', 'open', 'rejected', 'funded', 'closed')),
  data jsonb NOT NULL,
  title text NOT NULL,
  category text NOT NULL,
  country text NOT NULL,
  goal numeric(14, 2) NOT NULL CHECK (goal > 0),
  min_investment numeric(14, 2) NOT NULL CHECK (min_investment > 0),
  markup_percent numeric(7, 2) NOT NULL,
  tenor_months integer NOT NULL CHECK (tenor_months > 0),
  return_type text NOT NULL CHECK (return_type IN ('On-time', 'Recurring')),
  returning_time integer,
  total_duration integer,
  raised numeric(14, 2) NOT NULL DEFAULT 0,
  staff_note text,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  approved_at timestamptz,
  ends_at timestamptz,
  funded_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_newest ON projects (status, created_at DESC, id DESC);
CREATE INDEX projects_most_funded ON projects (status, raised DESC, id DESC);
CREATE INDEX projects_owner ON projects (owner_id, created_at DESC);
CREATE INDEX projects_ending ON projects (ends_at) WHERE status IN ('open', 'funded');

CREATE TABLE offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id uuid REFERENCES projects (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('open', 'withdrawn')),
  kind text NOT NULL CHECK (kind IN ('Donate', 'Investment')),
  data jsonb NOT NULL,
  business_category text,
  amount numeric(14, 2),
  currency text,
  created_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz
);
CREATE INDEX offers_open ON offers (status, created_at DESC, id DESC);
CREATE INDEX offers_investor ON offers (investor_id, created_at DESC);
CREATE INDEX offers_project ON offers (project_id) WHERE project_id IS NOT NULL;

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  offer_id uuid NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  investor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (offer_id, project_id)
);
CREATE INDEX invitations_investor ON invitations (investor_id, created_at DESC);

CREATE TABLE agreement_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  investor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
  data jsonb NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  investment_type text NOT NULL,
  acceptance jsonb,
  decline_reason text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agreement_requests_project ON agreement_requests (project_id, status);
CREATE INDEX agreement_requests_investor ON agreement_requests (investor_id, created_at DESC);

CREATE TABLE donations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  donor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('pledged', 'confirmed', 'cancelled')),
  data jsonb NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  payment_method text NOT NULL,
  anonymous boolean NOT NULL DEFAULT false,
  staff_note text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX donations_project ON donations (project_id, status);
CREATE INDEX donations_queue ON donations (status, created_at);
CREATE INDEX donations_donor ON donations (donor_id, created_at DESC) WHERE donor_id IS NOT NULL;

CREATE TABLE instalments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agreement_id uuid NOT NULL REFERENCES agreement_requests (id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users (id),
  investor_id uuid NOT NULL REFERENCES users (id),
  seq integer NOT NULL,
  due_on date NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('due', 'paid', 'confirmed')),
  paid_at timestamptz,
  confirmed_at timestamptz,
  UNIQUE (agreement_id, seq)
);
CREATE INDEX instalments_owner ON instalments (owner_id, due_on);
CREATE INDEX instalments_investor ON instalments (investor_id, due_on);

CREATE TABLE drafts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  form_id text NOT NULL,
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, form_id)
);

-- Automatic closings have no staff actor.
ALTER TABLE audit_log ALTER COLUMN actor_id DROP NOT NULL;
