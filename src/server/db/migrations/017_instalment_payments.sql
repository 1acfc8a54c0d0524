-- Marking an instalment paid records how it was paid: the owner's answer to the instalment-paid form (the method —
-- bKash, Nagad, other mobile banking, bank transfer, cheque, cash — and its reference, trimmed), stored as the
-- document it is, with the version of the form it was validated with, as other submissions are. The investor reads
-- it before confirming receipt. Instalments marked paid before this migration have no record of how (both null).
ALTER TABLE instalments ADD COLUMN payment jsonb;
ALTER TABLE instalments ADD COLUMN payment_form_version integer;
ALTER TABLE instalments ADD CONSTRAINT instalments_payment_versioned CHECK ((payment IS NULL) = (payment_form_version IS NULL));
ALTER TABLE instalments ADD CONSTRAINT instalments_payment_only_when_paid CHECK (payment IS NULL OR status IN ('paid', 'confirmed'));
