-- Four eyes on what staff publish (issue 31 §6): when approval is required (STUDIO_REQUIRE_APPROVAL), a form or
-- site-content version published in the studio is stored as `pending_approval` and takes effect only when another
-- staff member approves it (`live`), or is `returned` with a note; a newer proposal of the same document makes an
-- older pending one `superseded`. The current version of a document is its newest `live` one. Versions written
-- before this migration, from the files at start and by a one-step publish are `live` from the start.
-- `base_version`: the live version the proposal was made from (approving it when another has gone live since is
-- refused). The documents themselves stay immutable: only the decision columns of a pending version may change.

ALTER TABLE form_versions
  ADD COLUMN status text NOT NULL DEFAULT 'live' CHECK (status IN ('pending_approval', 'live', 'returned', 'superseded')),
  ADD COLUMN base_version integer,
  ADD COLUMN decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decision_note text;

ALTER TABLE content_versions
  ADD COLUMN status text NOT NULL DEFAULT 'live' CHECK (status IN ('pending_approval', 'live', 'returned', 'superseded')),
  ADD COLUMN base_version integer,
  ADD COLUMN decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decision_note text;

-- At most one proposal waits per document: a new one supersedes the old in the same transaction.
CREATE UNIQUE INDEX form_versions_one_pending ON form_versions (form_id) WHERE status = 'pending_approval';
CREATE UNIQUE INDEX content_versions_one_pending ON content_versions ((true)) WHERE status = 'pending_approval';

-- Both tables' trigger: the document columns never change; a pending version is decided once.
CREATE OR REPLACE FUNCTION form_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  decision text[] := ARRAY['status', 'decided_by', 'decided_at', 'decision_note'];
BEGIN
  IF (to_jsonb(NEW) - decision) IS DISTINCT FROM (to_jsonb(OLD) - decision) THEN
    RAISE EXCEPTION 'published versions are immutable: publish a new version instead';
  END IF;
  IF OLD.status <> 'pending_approval' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'only a version waiting for approval can be approved, returned or superseded';
  END IF;
  RETURN NEW;
END;
$$;
