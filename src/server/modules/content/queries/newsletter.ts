/** The newsletter's subscribers (table newsletter_subscribers). */
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

/** Subscribes an e-mail; false when it was subscribed already. */
export async function subscribe(db: Kysely<DB>, email: string): Promise<boolean> {
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values({ email })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('email')
    .executeTakeFirst();
  return Boolean(inserted);
}
