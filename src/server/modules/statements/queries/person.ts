/** Whom a statement is of: the person's account (their identity as the agreements name a party is read there). */
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

/** The account with this id (its e-mail), or undefined when there is none. */
export function accountOf(db: Kysely<DB>, personId: string) {
  return db.selectFrom('users').select(['id', 'email']).where('id', '=', personId).executeTakeFirst();
}
