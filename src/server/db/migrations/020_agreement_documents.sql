-- The Murabaha agreement document of an accepted proposal (issue 28 §8): the PDF made from the terms at acceptance,
-- the terms it was made from, and its SHA-256; and each party's consent to exactly those bytes. A document is never
-- rewritten: what someone consented to stays what they can download.
CREATE TABLE agreement_documents (
  agreement_id uuid PRIMARY KEY REFERENCES agreement_requests (id) ON DELETE CASCADE,
  number text NOT NULL UNIQUE,
  terms jsonb NOT NULL,
  pdf bytea NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One consent per party and agreement: a second click finds the first.
CREATE TABLE agreement_consents (
  agreement_id uuid NOT NULL REFERENCES agreement_documents (agreement_id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('investor', 'owner')),
  user_id uuid NOT NULL REFERENCES users (id),
  -- The fingerprint of the document agreed to, and the words of the statement the person ticked.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  statement text NOT NULL,
  consented_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agreement_id, party)
);

-- Agreements accepted before documents existed get theirs from the `agreement-documents` job, made by the same code
-- from their records (acceptance time and stored schedule as they were); this is the list of them, fixed here.
CREATE TABLE agreement_documents_pending (
  agreement_id uuid PRIMARY KEY REFERENCES agreement_requests (id) ON DELETE CASCADE
);
INSERT INTO agreement_documents_pending (agreement_id)
SELECT a.id FROM agreement_requests a
 WHERE a.status = 'accepted' AND EXISTS (SELECT 1 FROM instalments i WHERE i.agreement_id = a.id);
