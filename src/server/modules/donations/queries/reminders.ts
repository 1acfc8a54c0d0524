/** The pledges job's writes: unpaid pledges expired, and those due a reminder marked reminded (answering whom to tell). */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';

/** Cancels the pledges made before `before`; answers their ids. */
export function expirePledges(trx: Transaction<DB>, before: Date, now: Date, note: string) {
  return trx
    .updateTable('donations')
    .set({ status: 'cancelled', decided_at: now, staff_note: note })
    .where('status', '=', 'pledged')
    .where('created_at', '<', before)
    .returning(['id'])
    .execute();
}

/** Pledges made signed in before `before` and never reminded, marked reminded: with the donor's phone and language. */
export function remindSignedIn(trx: Transaction<DB>, before: Date, now: Date) {
  return trx
    .updateTable('donations')
    .set({ reminded_at: now })
    .from('users')
    .whereRef('users.id', '=', 'donations.donor_id')
    .where('donations.status', '=', 'pledged')
    .where('donations.reminded_at', 'is', null)
    .where('donations.created_at', '<', before)
    .returning(['donations.id', 'donations.amount', 'donations.reference', 'donations.receipt_key', 'users.phone', 'users.language', 'donations.created_at'])
    .execute();
}

/** Pledges made signed out with an e-mail address before `before` and never reminded, marked reminded: with that address. */
export function remindByMail(trx: Transaction<DB>, before: Date, now: Date) {
  return trx
    .updateTable('donations')
    .set({ reminded_at: now })
    .where('donor_id', 'is', null)
    .where('status', '=', 'pledged')
    .where('reminded_at', 'is', null)
    .where('created_at', '<', before)
    .where(sql<boolean>`coalesce(data->>'email', '') <> ''`)
    .returning(['id', 'amount', 'reference', 'receipt_key', 'created_at', 'language', sql<string>`data->>'email'`.as('email')])
    .execute();
}
