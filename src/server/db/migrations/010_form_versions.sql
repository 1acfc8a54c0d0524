-- Form versions: the form studio publishes a form's schema and ui-schema as an immutable, numbered row; the server,
-- the browser and the CLI use the newest. Version 1 of every form is the files in schemas/ and ui-schemas/, written
-- at start when missing (src/server/forms/versions.ts). Every stored submission names the version it was validated
-- with (rows older than this migration were validated with the files: version 1).
-- Schemas are `json`, not `jsonb`: jsonb reorders keys, and a schema's key order is meaning (the order of fields
-- in a form without ui:order, the order of its messages).
CREATE TABLE form_versions (
  form_id text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  schema json NOT NULL,
  ui_schema json NOT NULL,
  note text NOT NULL DEFAULT '',
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (form_id, version)
);

-- A published version never changes: rolling back is publishing an older one again as a new version.
CREATE FUNCTION form_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'form versions are immutable: publish a new version instead';
END;
$$;
CREATE TRIGGER form_versions_no_update BEFORE UPDATE ON form_versions
  FOR EACH ROW EXECUTE FUNCTION form_versions_immutable();

-- One draft per form and staff member, autosaved by the studio; deleted when it is published.
CREATE TABLE form_drafts (
  form_id text NOT NULL,
  author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  base_version integer NOT NULL,
  schema json NOT NULL,
  ui_schema json NOT NULL,
  cases json NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (form_id, author_id)
);

ALTER TABLE profiles ADD COLUMN form_version integer NOT NULL DEFAULT 1;
ALTER TABLE verifications ADD COLUMN form_version integer NOT NULL DEFAULT 1;
ALTER TABLE projects ADD COLUMN form_version integer NOT NULL DEFAULT 1;
ALTER TABLE offers ADD COLUMN form_version integer NOT NULL DEFAULT 1;
ALTER TABLE agreement_requests ADD COLUMN form_version integer NOT NULL DEFAULT 1;
ALTER TABLE donations ADD COLUMN form_version integer NOT NULL DEFAULT 1;

-- The digest of each form's files (schema + ui-schema) when the server last read them: files edited since (by hand
-- or by `npm run forms:export`) become the next version at start, so the JSON-file path keeps working.
CREATE TABLE form_file_digests (
  form_id text PRIMARY KEY,
  digest text NOT NULL
);
