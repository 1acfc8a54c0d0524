/**
 * The validation engine's own messages (those no form writes: a missing field without its own message, a field the
 * form does not take, text that cannot be saved, the summary of a 400) in each language. A form's messages are its
 * own words (form-words.ts); these are the same in every form, so they live here, once.
 */
import {
  INPUT_LIMITS,
  TOO_DEEP_MESSAGE,
  TOO_MANY_KEYS_MESSAGE,
  TOO_MANY_VALUES_MESSAGE,
  UNSAFE_NAME_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
} from '../validation/safe-input';
import type { Language } from './language';
import { formatNumber } from '../format/money';

/** The summary of a 400 whose fields are listed (src/server/errors.ts says it in English). */
const VALIDATION_MESSAGE_EN = 'Please correct the highlighted fields.';

const bnDigits = (n: number) => formatNumber(n, 'bn');

const BN: Record<string, string> = {
  [VALIDATION_MESSAGE_EN]: 'অনুগ্রহ করে চিহ্নিত ঘরগুলো ঠিক করুন।',
  'This field is required': 'এই ঘরটি পূরণ করতে হবে',
  'Invalid value': 'মানটি সঠিক নয়',
  [UNSAFE_TEXT_MESSAGE]: 'এই লেখায় এমন একটি চিহ্ন আছে যা সংরক্ষণ করা যায় না (একটি নাল চিহ্ন বা ভাঙা ইমোজি)। অনুগ্রহ করে আবার লিখুন।',
  [UNSAFE_NAME_MESSAGE]: 'একটি ঘরের নামে অনুমোদিত নয় এমন চিহ্ন আছে।',
  [TOO_DEEP_MESSAGE]: `তথ্যের স্তর খুব বেশি (${bnDigits(INPUT_LIMITS.maxDepth)}টির বেশি)।`,
  [TOO_MANY_KEYS_MESSAGE]: `তথ্যের এই অংশে ঘর খুব বেশি (${bnDigits(INPUT_LIMITS.maxKeys)}টির বেশি)।`,
  [TOO_MANY_VALUES_MESSAGE]: `তথ্যে মান খুব বেশি (${bnDigits(INPUT_LIMITS.maxValues)}টির বেশি)।`,
  // The form engine's buttons and summary.
  Submit: 'জমা দিন',
  Back: 'পেছনে',
  Next: 'পরবর্তী',
  'Please correct the highlighted field.': 'অনুগ্রহ করে চিহ্নিত ঘরটি ঠিক করুন।',
  // Its widgets and rows: an upload, a list's rows, a yes/no shown read-only.
  Yes: 'হ্যাঁ',
  No: 'না',
  'Choose file': 'ফাইল বেছে নিন',
  'Choose image': 'ছবি বেছে নিন',
  'Replace file': 'ফাইল বদলান',
  'Replace image': 'ছবি বদলান',
  Remove: 'সরান',
  'Stored file': 'সংরক্ষিত ফাইল',
  File: 'ফাইল',
  Image: 'ছবি',
  Item: 'সারি',
  'None added yet.': 'এখনো কিছু যোগ করা হয়নি।',
  'Must be equal to one of the allowed values': 'অনুমোদিত মানগুলোর একটি দিন',
  'Must NOT have additional properties': 'এতে অজানা ঘর আছে',
  'The file could not be read. Choose it again.': 'ফাইলটি পড়া যায়নি। আবার বেছে নিন।',
};

/** The engine's words that name what they act on ("Choose Photo"): English and Bengali put the name apart. */
const NAMED = {
  choose: { en: (n: string) => `Choose ${n}`, bn: (n: string) => `${n} বেছে নিন` },
  replace: { en: (n: string) => `Replace ${n}`, bn: (n: string) => `${n} বদলান` },
  remove: { en: (n: string) => `Remove ${n}`, bn: (n: string) => `${n} সরান` },
  add: { en: (n: string) => `Add ${n}`, bn: (n: string) => `${n} যোগ করুন` },
  reading: { en: (n: string) => `Reading ${n}`, bn: (n: string) => `${n} পড়া হচ্ছে` },
  preview: { en: (n: string) => `Preview of ${n}`, bn: (n: string) => `${n}-এর পূর্বরূপ` },
} as const;

/** One of the engine's words naming something (`name` already in the language), in a language. */
export function engineNamed(word: keyof typeof NAMED, name: string, language: Language): string {
  return NAMED[word][language === 'bn' ? 'bn' : 'en'](name);
}

/** Messages that name a field: English pattern → the Bengali with the same name. */
const BN_PATTERNS: [RegExp, (name: string) => string][] = [
  [/^Field "(.*)" does not apply to the answers given \(its section is not chosen\)$/s, (n) => `"${n}" ঘরটি দেওয়া উত্তরগুলোর ক্ষেত্রে প্রযোজ্য নয় (এর অংশটি বেছে নেওয়া হয়নি)`],
  [/^Field "(.*)" no longer exists in this version of the form$/s, (n) => `"${n}" ঘরটি ফর্মের এই সংস্করণে আর নেই`],
  [/^Unknown field "(.*)": this form has no such field$/s, (n) => `অজানা ঘর "${n}": এই ফর্মে এমন কোনো ঘর নেই`],
  [/^Please correct the (\d+) highlighted fields\.$/, (n) => `অনুগ্রহ করে চিহ্নিত ${bnDigits(Number(n))}টি ঘর ঠিক করুন।`],
  // The validator's own words, for a value no form gives a message to (an API's query, its address, a body's enum).
  [/^Must be <= (-?[\d.]+)$/, (n) => `সর্বোচ্চ ${bnDigits(Number(n))} হতে পারে`],
  [/^Must be >= (-?[\d.]+)$/, (n) => `কমপক্ষে ${bnDigits(Number(n))} হতে হবে`],
  [/^Must be < (-?[\d.]+)$/, (n) => `${bnDigits(Number(n))}-এর কম হতে হবে`],
  [/^Must be > (-?[\d.]+)$/, (n) => `${bnDigits(Number(n))}-এর বেশি হতে হবে`],
  [/^Must NOT have more than (\d+) characters$/, (n) => `সর্বোচ্চ ${bnDigits(Number(n))} অক্ষরের হতে পারে`],
  [/^Must NOT have fewer than (\d+) characters?$/, (n) => `কমপক্ষে ${bnDigits(Number(n))} অক্ষরের হতে হবে`],
  [/^Must NOT have more than (\d+) items$/, (n) => `সর্বোচ্চ ${bnDigits(Number(n))}টি হতে পারে`],
  [/^Must NOT have fewer than (\d+) items?$/, (n) => `কমপক্ষে ${bnDigits(Number(n))}টি হতে হবে`],
  [/^Must match format "(.+)"$/, (f) => `মানটি সঠিক ধরনের নয় (${f})`],
  [/^Must match pattern "(.+)"$/s, (p) => `মানটি নির্ধারিত ধরনের সঙ্গে মেলে না (${p})`],
  [/^Must be (string|number|integer|boolean|object|array|null)$/, (t) => `মানটি ${TYPES_BN[t] ?? t} হতে হবে`],
];

/** JSON types as the validator names them. */
const TYPES_BN: Record<string, string> = {
  string: 'লেখা',
  number: 'একটি সংখ্যা',
  integer: 'একটি পূর্ণসংখ্যা',
  boolean: 'হ্যাঁ বা না',
  object: 'একটি অবজেক্ট',
  array: 'একটি তালিকা',
  null: 'ফাঁকা',
};

/** One of the engine's messages in a language; any other text (a form's own message) comes back as it is. */
export function engineMessage(message: string, language: Language): string {
  if (language !== 'bn') return message;
  if (Object.hasOwn(BN, message)) return BN[message]!;
  for (const [pattern, say] of BN_PATTERNS) {
    const m = pattern.exec(message);
    if (m) return say(m[1]!);
  }
  return message;
}

/** The summary of a 400 with field errors in a language; undefined for English (the caller's own words). */
export function validationMessage(language: Language): string | undefined {
  return language === 'en' ? undefined : engineMessage(VALIDATION_MESSAGE_EN, language);
}
