/**
 * What a job's run did, said in the reader's language (issue 29 §3): a task returns its result as a key and its
 * counts (`JobWords`), the runner stores them beside the English line (`job_runs.result_words`, migration 033), and
 * staff read them in their own language at GET /staff/jobs: a stored row never depends on who ran it or in which
 * language. The English line (`job_runs.result`, the runner's `summary`) is the same text in every language, for the
 * log and for whoever reads the table; `sayJobResult(words, 'en')` writes it.
 */
import type { Language } from '../../shared/i18n/language';
import { countOf } from '../../shared/format/count';
import { formatNumber } from '../../shared/format/money';

/** Each result and the values it says. */
export interface JobResults {
  closed: { campaigns: number };
  overdue: { instalments: number };
  reminders: { soon: number; today: number };
  latePayments: { charges: number; intoDefault: number; outOfDefault: number };
  pledges: { reminded: number; expired: number };
  mail: { sent: number; retry: number };
  documents: { made: number };
  purge: { sessions: number; codes: number; drafts: number; files: number; mails: number; keys: number };
  /** A run that failed: the error's own text (technical, written by the code or the database, in English). */
  failed: { reason: string };
}

export type JobResultKey = keyof JobResults;

/** A result as stored: its key and its values (JSON). */
export type JobWords = { [K in JobResultKey]: { key: K; values: JobResults[K] } }[JobResultKey];

/** The words of a result. */
export function jobWords<K extends JobResultKey>(key: K, values: JobResults[K]): JobWords {
  return { key, values } as JobWords;
}

/** A count in Bengali: "৩টি কিস্তি" (Bengali digits, lakh grouping; one form for every count). */
const n = (count: number, noun: string) => `${formatNumber(count, 'bn')}টি ${noun}`;

type Sayings = { [K in JobResultKey]: (v: JobResults[K]) => string };

const EN: Sayings = {
  closed: (v) => `closed ${countOf(v.campaigns, 'campaign')}`,
  overdue: (v) => `marked ${countOf(v.instalments, 'instalment')} overdue`,
  reminders: (v) => `reminded ${countOf(v.soon, 'instalment')} due soon, ${countOf(v.today, 'instalment')} due today`,
  latePayments: (v) =>
    `opened ${countOf(v.charges, 'late charge')}, ${countOf(v.intoDefault, 'agreement')} into default, ${countOf(v.outOfDefault, 'agreement')} out of default`,
  pledges: (v) => `reminded ${countOf(v.reminded, 'pledge')}, expired ${countOf(v.expired, 'pledge')}`,
  mail: (v) => `${v.sent} e-mail${v.sent === 1 ? '' : 's'} sent, ${v.retry} to retry`,
  documents: (v) => `made ${countOf(v.made, 'agreement document')}`,
  purge: (v) =>
    `removed ${countOf(v.sessions, 'session')}, ${countOf(v.codes, 'code')}, ${countOf(v.drafts, 'abandoned draft')}, ${countOf(v.files, 'draft file')}, ${countOf(v.mails, 'sent e-mail')}, ${countOf(v.keys, 'idempotency key')}`,
  failed: (v) => `failed: ${v.reason}`,
};

const BN: Sayings = {
  closed: (v) => `${n(v.campaigns, 'ক্যাম্পেইন')} বন্ধ করা হয়েছে`,
  overdue: (v) => `${n(v.instalments, 'কিস্তি')} বকেয়া হিসেবে চিহ্নিত করা হয়েছে`,
  reminders: (v) => `মনে করিয়ে দেওয়া হয়েছে: শিগগির দেয় ${n(v.soon, 'কিস্তি')}, আজ দেয় ${n(v.today, 'কিস্তি')}`,
  latePayments: (v) =>
    `${n(v.charges, 'বিলম্ব ফি')} খোলা হয়েছে, ${n(v.intoDefault, 'চুক্তি')} খেলাপি হয়েছে, ${n(v.outOfDefault, 'চুক্তি')} খেলাপি থেকে বেরিয়েছে`,
  pledges: (v) => `${n(v.reminded, 'অঙ্গীকারের')} কথা মনে করিয়ে দেওয়া হয়েছে, ${n(v.expired, 'অঙ্গীকারের')} মেয়াদ শেষ হয়েছে`,
  mail: (v) => `${n(v.sent, 'ইমেইল')} পাঠানো হয়েছে, ${n(v.retry, 'ইমেইল')} আবার পাঠানোর চেষ্টা হবে`,
  documents: (v) => `${n(v.made, 'চুক্তিপত্র')} তৈরি করা হয়েছে`,
  purge: (v) =>
    `মুছে ফেলা হয়েছে: ${n(v.sessions, 'সেশন')}, ${n(v.codes, 'কোড')}, ${n(v.drafts, 'পরিত্যক্ত খসড়া')}, ${n(v.files, 'খসড়ার ফাইল')}, ${n(v.mails, 'পাঠানো ইমেইল')}, ${n(v.keys, 'আইডেমপোটেন্সি কী')}`,
  failed: (v) => `ব্যর্থ হয়েছে: ${v.reason}`,
};

/** Whether a stored value is a result this code can say (a row written by other code is shown as its English). */
function isJobWords(value: unknown): value is JobWords {
  if (!value || typeof value !== 'object') return false;
  const { key, values } = value as { key?: unknown; values?: unknown };
  return typeof key === 'string' && Object.hasOwn(EN, key) && !!values && typeof values === 'object';
}

/** A result in a language; null when the stored value is not one (a run recorded before results had their words). */
export function sayJobResult(words: unknown, language: Language): string | null {
  if (!isJobWords(words)) return null;
  const say = (language === 'bn' ? BN : EN)[words.key] as (v: JobWords['values']) => string;
  return say(words.values);
}

/** Why a job did not run (the runner's reasons), as the 409 of "Run now" says it. */
export const NOT_RUN_BN: Record<string, string> = {
  'another process is running it': 'অন্য একটি প্রসেস এটি চালাচ্ছে',
  'already run for this slot': 'এই সময়ের জন্য এটি আগেই চালানো হয়েছে',
};
