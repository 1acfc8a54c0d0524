-- The site content's Bengali (issue 29 §3): each published version carries its words (English text → Bengali),
-- edited side by side in the studio, and so does each staff draft. '{}': a version published before this was kept
-- (its texts are said with the bundled src/client/config/i18n/content.bn.json).
ALTER TABLE content_versions ADD COLUMN translations json NOT NULL DEFAULT '{}';
ALTER TABLE content_drafts ADD COLUMN translations json NOT NULL DEFAULT '{}';
