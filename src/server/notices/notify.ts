/**
 * Writes a notice for a person inside the caller's transaction, and queues its e-mail unless they turned that kind
 * off. Nothing is sent here: the mailer delivers the outbox after commit, so a rollback takes both back with it.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { SMS_NOTICE_KINDS, type NoticeKind } from '../../shared/notices/kinds';
import type { SmsMessage } from '../sms';
import type { DonateForm } from '../../shared/generated/form-types';
import { formatMoney } from '../../shared/domain/money';
import { absoluteLink, noticeLinks } from './links';

export interface NoticeInput {
  userId: string;
  kind: NoticeKind;
  title: string;
  text: string;
  /** A path of the site (noticeLinks): kept as it is for the app's router, made absolute in the e-mail. */
  link?: string;
}

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  /** The notice the e-mail tells of, when there is one. */
  noticeId?: string;
}

/** Queues one e-mail in the caller's transaction; the mailer sends it after commit. */
export async function queueMail(trx: Transaction<DB>, mail: MailInput): Promise<void> {
  await trx
    .insertInto('email_outbox')
    .values({ notice_id: mail.noticeId ?? null, to_email: mail.to, subject: mail.subject, text: mail.text, next_attempt_at: new Date() })
    .execute();
}

/** Who a notice goes to, and whether they turned its e-mail or its text message off: one read for both channels. */
async function recipient(trx: Transaction<DB>, userId: string, kind: NoticeKind) {
  return trx
    .selectFrom('users')
    .leftJoin('notice_preferences as mail', (j) => j.onRef('mail.user_id', '=', 'users.id').on('mail.kind', '=', kind).on('mail.channel', '=', 'email'))
    .leftJoin('notice_preferences as sms', (j) => j.onRef('sms.user_id', '=', 'users.id').on('sms.kind', '=', kind).on('sms.channel', '=', 'sms'))
    .select(['users.email', 'users.phone', 'mail.kind as mailOff', 'sms.kind as smsOff'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** `origin`: where the e-mail's link starts (`siteOrigin(config)`). */
export async function notify(trx: Transaction<DB>, notice: NoticeInput, origin: string): Promise<void> {
  await notifyTo(trx, notice, origin, await recipient(trx, notice.userId, notice.kind));
}

async function notifyTo(trx: Transaction<DB>, notice: NoticeInput, origin: string, user: Awaited<ReturnType<typeof recipient>>): Promise<void> {
  const created = await trx
    .insertInto('notices')
    .values({ user_id: notice.userId, kind: notice.kind, title: notice.title, text: notice.text, link: notice.link ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!user || user.mailOff !== null) return;
  const link = notice.link ? `\n\n${absoluteLink(origin, notice.link)}` : '';
  await queueMail(trx, {
    noticeId: created.id,
    to: user.email,
    subject: `Halal Fund: ${notice.title}`,
    text: `${notice.text}${link}\n\nYou can turn these e-mails off in Settings.`,
  });
}

/**
 * A notice that also goes by SMS (its kind is one of SMS_NOTICE_KINDS): written and e-mailed as `notify` does, and
 * its text message returned — to be sent after commit — unless the person turned SMS off for that kind.
 */
export async function notifyWithSms(trx: Transaction<DB>, notice: NoticeInput, origin: string): Promise<SmsMessage | null> {
  const user = await recipient(trx, notice.userId, notice.kind);
  await notifyTo(trx, notice, origin, user);
  if (!SMS_NOTICE_KINDS.includes(notice.kind) || !user || user.smsOff !== null) return null;
  const link = notice.link ? ` ${absoluteLink(origin, notice.link)}` : '';
  return { to: user.phone, text: `Halal Fund: ${notice.text}${link}` };
}

/**
 * A confirmed donation (by staff or by the payment gateway): a donor who pledged signed in gets a notice (and its
 * e-mail); one who pledged signed out and gave an e-mail address gets the e-mail. Both lead to the receipt.
 */
export async function notifyDonationConfirmed(trx: Transaction<DB>, donationId: string, origin: string): Promise<void> {
  const d = await trx
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['d.id', 'd.donor_id', 'd.amount', 'd.reference', 'd.receipt_key', 'd.data', 'p.title'])
    .where('d.id', '=', donationId)
    .executeTakeFirstOrThrow();
  const title = `Your donation ${d.reference} is confirmed`;
  const text = `Your donation of ${formatMoney(d.amount)} to "${d.title}" arrived and is confirmed. Thank you.`;
  const link = noticeLinks.receipt(d.id, d.receipt_key);
  if (d.donor_id) {
    await notify(trx, { userId: d.donor_id, kind: 'donation_confirmed', title, text, link }, origin);
    return;
  }
  const email = (d.data as Partial<DonateForm>).email;
  if (email) await queueMail(trx, { to: email, subject: `Halal Fund: ${title}`, text: `${text}\n\nYour receipt: ${absoluteLink(origin, link)}` });
}
