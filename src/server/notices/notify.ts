/**
 * Writes a notice for a person inside the caller's transaction, and queues its e-mail unless they turned that kind
 * off. Nothing is sent here: the mailer delivers the outbox after commit, so a rollback takes both back with it.
 *
 * A notice is said in its recipient's language (issue 29 §3): the caller gives its words in every language (`Words`,
 * money and dates already formatted in each), and the one the account chose (users.language, else DEFAULT_LANGUAGE)
 * is stored, e-mailed and texted. The notice keeps the words it was sent in, as a letter does.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { SMS_NOTICE_KINDS, type NoticeKind } from '../../shared/notices/kinds';
import { parseLanguage, type Language } from '../../shared/i18n/language';
import type { SmsMessage } from '../sms';
import type { DonateForm } from '../../shared/generated/form-types';
import { formatMoney } from '../../shared/format/money';
import { absoluteLink, noticeLinks, type NoticeSite } from './links';
import { PLATFORM_NAME } from '../../shared/agreement/content';

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
    .select(['users.email', 'users.phone', 'users.language', 'mail.kind as mailOff', 'sms.kind as smsOff'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The language an account reads: its own choice, else the site's default. */
export function accountLanguage(chosen: string | null | undefined, site: Pick<NoticeSite, 'defaultLanguage'>): Language {
  return parseLanguage(chosen) ?? site.defaultLanguage;
}

/** `site`: where the e-mail's link starts and the language of an account that never chose one (`noticeSite(config)`). */
export async function notify(trx: Transaction<DB>, notice: NoticeInput, site: NoticeSite): Promise<void> {
  await notifyTo(trx, notice, site, await recipient(trx, notice.userId, notice.kind));
}

async function notifyTo(trx: Transaction<DB>, notice: NoticeInput, site: NoticeSite, user: Awaited<ReturnType<typeof recipient>>): Promise<Language> {
  const language = accountLanguage(user?.language, site);
  const title = notice.title[language];
  const text = notice.text[language];
  const created = await trx
    .insertInto('notices')
    .values({ user_id: notice.userId, kind: notice.kind, title, text, link: notice.link ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!user || user.mailOff !== null) return language;
  const link = notice.link ? `\n\n${absoluteLink(site.origin, notice.link)}` : '';
  await queueMail(trx, { noticeId: created.id, to: user.email, subject: mailSubject(title, language), text: `${text}${link}\n\n${TURN_OFF[language]}` });
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

/**
 * A confirmed donation (by staff or by the payment gateway): a donor who pledged signed in gets a notice (and its
 * e-mail); one who pledged signed out and gave an e-mail address gets the e-mail. Both lead to the receipt.
 */
export async function notifyDonationConfirmed(trx: Transaction<DB>, donationId: string, site: NoticeSite): Promise<void> {
  const d = await trx
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['d.id', 'd.donor_id', 'd.amount', 'd.reference', 'd.receipt_key', 'd.data', 'd.language', 'p.title'])
    .where('d.id', '=', donationId)
    .executeTakeFirstOrThrow();
  const title: Words = { en: `Your donation ${d.reference} is confirmed`, bn: `আপনার দান ${d.reference} নিশ্চিত হয়েছে` };
  const text: Words = {
    en: `Your donation of ${formatMoney(d.amount)} to "${d.title}" arrived and is confirmed. Thank you.`,
    bn: `"${d.title}" প্রকল্পে আপনার ${formatMoney(d.amount, 'bn')} দান পৌঁছেছে এবং নিশ্চিত হয়েছে। ধন্যবাদ।`,
  };
  const link = noticeLinks.receipt(d.id, d.receipt_key);
  if (d.donor_id) {
    await notify(trx, { userId: d.donor_id, kind: 'donation_confirmed', title, text, link }, site);
    return;
  }
  const email = (d.data as Partial<DonateForm>).email;
  if (email) await queueGuestMail(trx, email, title, text, absoluteLink(site.origin, link), accountLanguage(d.language, site));
}

/** "Your receipt:" before its address, in a guest's e-mail. */
const YOUR_RECEIPT: Words = { en: 'Your receipt:', bn: 'আপনার রসিদ:' };

/**
 * An e-mail to a donor who pledged signed out (an address, no account), with the receipt's address: in the language
 * they pledged in (donations.language), else the site's default language.
 */
export async function queueGuestMail(trx: Transaction<DB>, to: string, title: Words, text: Words, receipt: string, language: Language): Promise<void> {
  await queueMail(trx, { to, subject: mailSubject(title[language], language), text: `${text[language]}\n\n${YOUR_RECEIPT[language]} ${receipt}` });
}
