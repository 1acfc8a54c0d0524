-- The language a person chose for the product (issue 29): e-mails and SMS follow it, and so do API answers and
-- pages when the browser sends no `lang` cookie. NULL: never chosen (the browser's Accept-Language then decides).
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('bn', 'en'));

-- A form's words in the other languages (schemas/i18n/<form>.<lang>.json: English text → translation) travel with
-- each published version and each studio draft, so a version says its messages in Bengali as it was published.
ALTER TABLE form_versions ADD COLUMN translations json NOT NULL DEFAULT '{}';
ALTER TABLE form_drafts ADD COLUMN translations json NOT NULL DEFAULT '{}';
