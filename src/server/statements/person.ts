/**
 * Whom a statement is of: their name and e-mail, and the identity staff verified, as the agreement document names
 * a party (modules/agreements/documents.ts): the ID's kind and only its last four characters.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { StatementPerson } from '../../shared/api/statements';
import { party } from '../modules/agreements/service';

/** The person with this id, or null when there is none. */
export async function statementPerson(db: Kysely<DB>, personId: string): Promise<StatementPerson | null> {
  const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', personId).executeTakeFirst();
  if (!user) return null;
  const { name, verifiedOn, idDocument } = await party(db, user.id, null);
  return {
    id: user.id,
    name,
    email: user.email,
    identity: { verified: verifiedOn !== null, verifiedOn, idType: idDocument?.kind ?? null, idNumber: idDocument ? `••••${idDocument.last4}` : null },
  };
}
