/**
 * Notices: writes a notice for a person inside the caller's transaction, and queues its e-mail unless they turned that
 * kind off. Nothing is sent here: the mailer (src/server/mail) delivers the outbox after commit, so a rollback takes
 * both back with it. Every module that tells someone something calls this file; the addresses notices lead to are
 * in links.ts, exported here.
 *
 * A notice is said in its recipient's language (issue 29 §3): the caller gives its words in every language (`Words`,
 * money and dates already formatted in each), and the one the account chose (users.language, else DEFAULT_LANGUAGE)
 * is stored, e-mailed and texted. The notice keeps the words it was sent in, as a letter does.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { SMS_NOTICE_KINDS, type NoticeKind } from '../../../shared/notices/kinds';
import { parseLanguage, type Language } from '../../../shared/i18n/language';
import type { SmsMessage } from '../../sms';
import { PLATFORM_NAME } from '../../../shared/agreement/content';
import { notFound } from '../../errors';
import type { DonateForm } from '../../../shared/generated/form-types';
import { absoluteLink, noticeLinks, type NoticeSite } from './links';
import { insertMail, insertNotice, latestNotices, markRead, recipient, turnedOff, turnOff, turnOn, unreadCount, type Recipient } from './queries';
import { noticeView, preferencesView } from './views';

export { absoluteLink, noticeLinks, noticeSite, siteOrigin, type NoticeSite } from './links';

/** A text in every language the product speaks (a third language makes every notice say it, or not compile). */
export type Words = Readonly<Record<Language, string>>;

/** The same words in each language, made by one function of the language: `say((l) => …)`. */
export function say(words: (language: Language) => string): Words {
  return { en: words('en'), bn: words('bn') };
}

export interface NoticeInput {
  userId: string;
  kind: NoticeKind;
  title: Words;
  text: Words;
  /** A path of the site (noticeLinks): kept as it is for the app's router, made absolute in the e-mail. */
  link?: string;
}

/** The product's name at the head of an e-mail subject or an SMS. */
const BRAND: Words = PLATFORM_NAME;

/** The e-mail's last line under a notice. */
const TURN_OFF: Words = {
  en: 'You can turn these e-mails off in Settings.',
  bn: 'সেটিংস থেকে আপনি এই ইমেইলগুলো বন্ধ করতে পারেন।',
};

/** "Halal Fund: <title>", the subject of every notice e-mail. */
export function mailSubject(title: string, language: Language): string {
  return `${BRAND[language]}: ${title}`;
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
  await insertMail(trx, { ...mail, noticeId: mail.noticeId ?? null });
}

/** The language an account reads: its own choice, else the site's default. */
export function accountLanguage(chosen: string | null | undefined, site: Pick<NoticeSite, 'defaultLanguage'>): Language {
  return parseLanguage(chosen) ?? site.defaultLanguage;
}

/** `site`: where the e-mail's link starts and the language of an account that never chose one (`noticeSite(config)`). */
export async function notify(trx: Transaction<DB>, notice: NoticeInput, site: NoticeSite): Promise<void> {
  await notifyTo(trx, notice, site, await recipient(trx, notice.userId, notice.kind));
}

async function notifyTo(trx: Transaction<DB>, notice: NoticeInput, site: NoticeSite, user: Recipient): Promise<Language> {
  const language = accountLanguage(user?.language, site);
  const title = notice.title[language];
  const text = notice.text[language];
  const noticeId = await insertNotice(trx, { userId: notice.userId, kind: notice.kind, title, text, link: notice.link ?? null });
  if (!user || user.mailOff !== null) return language;
  const link = notice.link ? `\n\n${absoluteLink(site.origin, notice.link)}` : '';
  await queueMail(trx, { noticeId, to: user.email, subject: mailSubject(title, language), text: `${text}${link}\n\n${TURN_OFF[language]}` });
  return language;
}

/**
 * A notice that also goes by SMS (its kind is one of SMS_NOTICE_KINDS): written and e-mailed as `notify` does, and
 * its text message returned — to be sent after commit — unless the person turned SMS off for that kind.
 */
export async function notifyWithSms(trx: Transaction<DB>, notice: NoticeInput, site: NoticeSite): Promise<SmsMessage | null> {
  const user = await recipient(trx, notice.userId, notice.kind);
  const language = await notifyTo(trx, notice, site, user);
  if (!SMS_NOTICE_KINDS.includes(notice.kind) || !user || user.smsOff !== null) return null;
  const link = notice.link ? ` ${absoluteLink(site.origin, notice.link)}` : '';
  return { to: user.phone, text: `${BRAND[language]}: ${notice.text[language]}${link}` };
}

/** "Your receipt:" before its address, in a guest's e-mail. */
const YOUR_RECEIPT: Words = { en: 'Your receipt:', bn: 'আপনার রসিদ:' };

/** What telling a donor needs of their donation (a row of `donations`). */
export interface DonorOf {
  id: string;
  donor_id: string | null;
  receipt_key: string;
  data: unknown;
  language: string | null;
}

/**
 * A donor is told where they can be, with the receipt's address: a notice (and its e-mail) when they gave signed in,
 * in their account's language; else an e-mail when they left an address, in the language they pledged in
 * (donations.language), else the site's default language.
 */
export async function tellDonor(trx: Transaction<DB>, d: DonorOf, kind: NoticeKind, title: Words, text: Words, site: NoticeSite): Promise<void> {
  const link = noticeLinks.receipt(d.id, d.receipt_key);
  if (d.donor_id) {
    await notify(trx, { userId: d.donor_id, kind, title, text, link }, site);
    return;
  }
  const email = (d.data as Partial<DonateForm>).email;
  if (!email) return;
  const language = accountLanguage(d.language, site);
  await queueMail(trx, { to: email, subject: mailSubject(title[language], language), text: `${text[language]}\n\n${YOUR_RECEIPT[language]} ${absoluteLink(site.origin, link)}` });
}

/** A person's latest 50 notices, newest first, and how many of theirs are unread. */
export async function noticesOf(db: Kysely<DB>, userId: string) {
  const rows = await latestNotices(db, userId);
  return { unread: await unreadCount(db, userId), items: rows.map(noticeView) };
}

/** Marks one of a person's notices read; 404 when it is not theirs. */
export async function readNotice(db: Kysely<DB>, userId: string, id: string) {
  const row = await markRead(db, userId, id);
  if (!row) throw notFound('This notice');
  return { id: row.id, readAt: row.read_at?.toISOString() ?? null };
}

/** Each kind of notice and the channels it goes by for this person. */
export async function preferencesOf(db: Kysely<DB> | Transaction<DB>, userId: string, language: Language) {
  return preferencesView(await turnedOff(db, userId), language);
}

/** What a person turns on and off, per channel; kinds not named keep their setting. */
export type PreferenceChange = { email?: Partial<Record<NoticeKind, boolean>>; sms?: Partial<Record<NoticeKind, boolean>> };

/** Changes a person's channels and answers the result, read in the transaction (a change that committed is never answered with an error). */
export function setPreferences(db: Kysely<DB>, userId: string, change: PreferenceChange, language: Language) {
  return db.transaction().execute(async (trx) => {
    for (const channel of ['email', 'sms'] as const) {
      const entries = Object.entries(change[channel] ?? {}) as [NoticeKind, boolean][];
      const on = entries.filter(([, v]) => v).map(([k]) => k);
      const off = entries.filter(([, v]) => !v).map(([k]) => k);
      if (on.length) await turnOn(trx, userId, channel, on);
      if (off.length) await turnOff(trx, userId, channel, off);
    }
    return preferencesOf(trx, userId, language);
  });
}
