-- A Shariah review for every deal (issue 31 §5, DOMAIN.md "Investor protections").
--
-- 1. A person may be given the `shariah` role from the command line (`npm run staff -- shariah <who>`): with it, or
--    as staff, they record Shariah reviews of projects (nothing else staff can do).
-- 2. Each review is a row here, kept as history: approved (with the adviser's name, a note and the signed opinion as
--    a file) or changes requested (with a note the owner sees). projects.shariah_review_id points at the review in
--    force: the latest one recorded, or null when none was, or when a material edit by the owner sent an approved
--    review back (audited). With SHARIAH_REVIEW_REQUIRED on, an investment project opens only while it points at an
--    approved review.

ALTER TABLE users ADD COLUMN is_shariah boolean NOT NULL DEFAULT false;

CREATE TABLE shariah_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  decision text NOT NULL CHECK (decision IN ('approved', 'changes_requested')),
  adviser text NOT NULL CHECK (length(btrim(adviser)) > 0),
  note text NOT NULL CHECK (length(btrim(note)) > 0),
  opinion_file_id uuid REFERENCES files (id),
  reviewer_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (decision <> 'approved' OR opinion_file_id IS NOT NULL)
);
CREATE INDEX shariah_reviews_project ON shariah_reviews (project_id, created_at DESC);

ALTER TABLE projects ADD COLUMN shariah_review_id uuid REFERENCES shariah_reviews (id) ON DELETE SET NULL;

-- 3. The signed opinion may be a PDF as well as an image (sniffed by its content, files/data-url.ts).
ALTER TABLE files DROP CONSTRAINT files_content_type_check;
ALTER TABLE files ADD CONSTRAINT files_content_type_check CHECK (content_type IN ('image/png', 'image/jpeg', 'application/pdf'));
