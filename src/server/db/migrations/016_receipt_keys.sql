-- Every donation gets a receipt key: the secret part of its receipt's address (/donations/receipt?id=…#key=…), so
-- a donor who pledged signed out (or opens the receipt e-mail on another device) can read it again, and nobody can
-- by the id alone. Stored as it is, not hashed: the server puts it into links it writes later (the receipt e-mail,
-- the return from the payment gateway, the confirmation e-mail), and it opens nothing a reader of this table could
-- not already read. The application writes 256 random bits (Node's crypto); the default, two random UUIDs (244
-- bits from the server's strong random source), fills existing rows and any other writer.
ALTER TABLE donations
  ADD COLUMN receipt_key text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');

-- Notices written before this release told of a project's decision with a link to /projects/<id>, an address no
-- screen has: an approved project's now opens its page, a rejected one My projects (where it is edited).
UPDATE notices
   SET link = CASE WHEN title LIKE '%is approved' THEN '/projectDetails?id=' || substr(link, 11) ELSE '/dashboard/project' END
 WHERE kind = 'project_decided' AND link LIKE '/projects/%';
