-- The site content (texts, navigation, home-page sections, pages, blog posts, help): edited by staff in the studio
-- through a form generated from src/client/config/content.schema.json, published as immutable numbered versions like
-- the forms. Version 1 is src/client/config/content.json, written at start when missing; the file edited by hand
-- since the server last read it becomes the next version (its digest is kept in form_file_digests as "site-content").
-- `json`, not `jsonb`: key order is the order of menus and sections.
CREATE TABLE content_versions (
  version integer PRIMARY KEY CHECK (version >= 1),
  content json NOT NULL,
  note text NOT NULL DEFAULT '',
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);

CREATE TRIGGER content_versions_no_update BEFORE UPDATE ON content_versions
  FOR EACH ROW EXECUTE FUNCTION form_versions_immutable();

-- One draft per staff member, autosaved by the studio; deleted when it is published.
CREATE TABLE content_drafts (
  author_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  base_version integer NOT NULL,
  content json NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
