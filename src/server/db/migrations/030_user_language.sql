-- The language a person chose for the product (issue 29): e-mails and SMS follow it, and so do API answers and
-- pages when the browser sends no `lang` cookie. NULL: never chosen (the browser's Accept-Language then decides).
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('bn', 'en'));
