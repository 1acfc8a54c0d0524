-- The language a donor pledged in (issue 29 §3): a donor who pledged signed out has no account to keep a choice, so
-- the later e-mails about their pledge (reminder, confirmation, refund of a missed goal) follow the language they
-- read the donate page in. NULL: pledged before this was kept (the site's default language then decides).
ALTER TABLE donations ADD COLUMN language text CHECK (language IN ('bn', 'en'));
