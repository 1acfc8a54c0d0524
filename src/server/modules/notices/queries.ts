/** The notices module's queries: notices, their e-mail outbox rows, and the kinds a person turned off. */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { NoticeKind } from '../../../shared/notices/kinds';

type Db = Kysely<DB> | Transaction<DB>;

/** One e-mail row of the outbox, due at once (the mailer delivers it after commit). */
export async function insertMail(trx: Transaction<DB>, mail: { noticeId: string | null; to: string; subject: string; text: string }): Promise<void> {
  await trx
    .insertInto('email_outbox')
    .values({ notice_id: mail.noticeId, to_email: mail.to, subject: mail.subject, text: mail.text, next_attempt_at: new Date() })
    .execute();
}

/** Who a notice goes to, and whether they turned its e-mail or its text message off: one read for both channels. */
export function recipient(trx: Transaction<DB>, userId: string, kind: NoticeKind) {
  return trx
    .selectFrom('users')
    .leftJoin('notice_preferences as mail', (j) => j.onRef('mail.user_id', '=', 'users.id').on('mail.kind', '=', kind).on('mail.channel', '=', 'email'))
    .leftJoin('notice_preferences as sms', (j) => j.onRef('sms.user_id', '=', 'users.id').on('sms.kind', '=', kind).on('sms.channel', '=', 'sms'))
    .select(['users.email', 'users.phone', 'users.language', 'mail.kind as mailOff', 'sms.kind as smsOff'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export type Recipient = Awaited<ReturnType<typeof recipient>>;

/** Writes a notice (in the words of its reader's language); answers its id. */
export async function insertNotice(trx: Transaction<DB>, n: { userId: string; kind: NoticeKind; title: string; text: string; link: string | null }): Promise<string> {
  const created = await trx
    .insertInto('notices')
    .values({ user_id: n.userId, kind: n.kind, title: n.title, text: n.text, link: n.link })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** A person's latest 50 notices, newest first. */
export function latestNotices(db: Db, userId: string) {
  return db.selectFrom('notices').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(50).execute();
}

/** How many of a person's notices are unread. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const unread = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(unread.n);
}

/** Marks one of a person's notices read (the first time it was read stays); undefined when it is not theirs. */
export function markRead(db: Db, userId: string, id: string) {
  return db
    .updateTable('notices')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(new Date())) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'read_at'])
    .executeTakeFirst();
}

/** The kinds and channels a person turned off. */
export function turnedOff(db: Db, userId: string) {
  return db.selectFrom('notice_preferences').select(['kind', 'channel']).where('user_id', '=', userId).execute();
}

/** Turns kinds of one channel back on (their rows go). */
export async function turnOn(trx: Transaction<DB>, userId: string, channel: 'email' | 'sms', kinds: NoticeKind[]): Promise<void> {
  await trx.deleteFrom('notice_preferences').where('user_id', '=', userId).where('channel', '=', channel).where('kind', 'in', kinds).execute();
}

/** Turns kinds of one channel off (a row each, once). */
export async function turnOff(trx: Transaction<DB>, userId: string, channel: 'email' | 'sms', kinds: NoticeKind[]): Promise<void> {
  await trx
    .insertInto('notice_preferences')
    .values(kinds.map((kind) => ({ user_id: userId, kind, channel })))
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doNothing())
    .execute();
}
