-- Profiles, identity verification, stored files and the staff audit log.

CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  file_name text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_owner ON files (owner_id);

-- Which stored record uses a file: decides who besides its owner may read it.
CREATE TABLE file_links (
  file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  subject_type text NOT NULL,
  subject_id uuid NOT NULL,
  PRIMARY KEY (file_id, subject_type, subject_id)
);
CREATE INDEX file_links_subject ON file_links (subject_type, subject_id);

CREATE TABLE profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  name text NOT NULL,
  country text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('submitted', 'verified', 'rejected')),
  data jsonb NOT NULL,
  staff_note text,
  reviewed_by uuid REFERENCES users (id),
  reviewed_at timestamptz,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  superseded_at timestamptz
);
-- One current submission per user; older ones are kept as history.
CREATE UNIQUE INDEX verifications_current ON verifications (user_id) WHERE superseded_at IS NULL;
CREATE INDEX verifications_queue ON verifications (status, submitted_at) WHERE superseded_at IS NULL;

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id uuid NOT NULL REFERENCES users (id),
  action text NOT NULL,
  subject_type text NOT NULL,
  subject_id uuid NOT NULL,
  before_status text,
  after_status text,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_subject ON audit_log (subject_type, subject_id, id);
