/**
 * What the statements module answers besides the statement's own formats (json.ts, csv.ts, pdf.ts): whom a statement
 * is of — their name and e-mail, and the identity staff verified, as the agreement document names a party
 * (modules/agreements/documents.ts): the ID's kind and only its last four characters.
 */
import type { StatementPerson } from '../../../shared/api/statements';
import type { party } from '../agreements/service';

/** The person of a statement, from their account and their party's identity. */
export function personView(account: { id: string; email: string }, { name, verifiedOn, idDocument }: Awaited<ReturnType<typeof party>>): StatementPerson {
  return {
    id: account.id,
    name,
    email: account.email,
    identity: { verified: verifiedOn !== null, verifiedOn, idType: idDocument?.kind ?? null, idNumber: idDocument ? `••••${idDocument.last4}` : null },
  };
}
