/**
 * The notes the system writes itself, on a donation (`staff_note`: an expired pledge, a payment the gateway confirmed,
 * a pledge of a campaign that missed its goal) and in the audit log (a campaign closed by its end date, funded, or
 * below its all-or-nothing goal), said in the reader's language when read (issue 29 §3). They are stored in English,
 * beside the notes staff type, so a stored row never depends on a language; a note staff typed is shown as typed.
 */
import type { Language } from '../../shared/i18n/language';
import { bengaliDigits } from '../../shared/format/digits';

/** Each sentence the system writes, anywhere in a note (a closing note may carry two), and its Bengali. */
const SENTENCES_BN: [RegExp, (...parts: string[]) => string][] = [
  [/Not paid within (\d+) days\./g, (days) => `${bengaliDigits(days)} দিনের মধ্যে পরিশোধ করা হয়নি।`],
  [/Paid online through SSLCommerz \(([^)]*)\)\./g, (ids) => `SSLCommerz-এর মাধ্যমে অনলাইনে পরিশোধ করা হয়েছে (${ids})।`],
  [/The all-or-nothing campaign ended below its goal: do not pay this pledge\./g, () => '‘সব অথবা কিছুই না’ ক্যাম্পেইনটি লক্ষ্যে না পৌঁছেই শেষ হয়েছে: এই অঙ্গীকারের টাকা পরিশোধ করবেন না।'],
  [/The all-or-nothing campaign ended below its goal\./g, () => '‘সব অথবা কিছুই না’ ক্যাম্পেইনটি লক্ষ্যে না পৌঁছেই শেষ হয়েছে।'],
  [/All or nothing: the goal was not reached \((\S+) of (\S+)\)\./g, (raised, goal) =>
    `সব অথবা কিছুই না: লক্ষ্য পূরণ হয়নি (${bengaliDigits(goal)} লক্ষ্যের মধ্যে উঠেছে ${bengaliDigits(raised)})।`],
  [/The campaign end date passed\./g, () => 'ক্যাম্পেইনের শেষ তারিখ পেরিয়ে গেছে।'],
  [/Closed by its owner\./g, () => 'মালিক বন্ধ করেছেন।'],
  [/Closed by staff\./g, () => 'কর্মীরা বন্ধ করেছেন।'],
  [/Raised money reached the goal\./g, () => 'সংগৃহীত অর্থ লক্ষ্যে পৌঁছেছে।'],
  [/Every overdue instalment is paid\./g, () => 'বকেয়া সব কিস্তি পরিশোধ হয়েছে।'],
  [/The owner changed (.+?) after the Shariah approval; the project needs a new review\./g, (fields) =>
    `শরিয়াহ অনুমোদনের পর মালিক ${fields} বদলেছেন; প্রকল্পটির নতুন শরিয়াহ পর্যালোচনা প্রয়োজন।`],
];

/** A stored note in a language: the system's sentences in Bengali for `bn`, everything else as it was written. */
export function systemNote(note: string | null, language: Language): string | null {
  if (note === null || language !== 'bn') return note;
  let said = note;
  for (const [pattern, say] of SENTENCES_BN) said = said.replace(pattern, (_all, ...parts: unknown[]) => say(...parts.filter((p): p is string => typeof p === 'string').slice(0, say.length)));
  return said;
}
