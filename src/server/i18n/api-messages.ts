/**
 * The API's own messages in Bengali (issue 29 §1): every `message` an answer carries — a 4xx/5xx the routes throw
 * (src/server/errors.ts), a field error a route adds, a success message — said in the request's language. The
 * words are data: fixed messages in `api-messages.bn.json` (English → Bengali, as the forms' words are), and the
 * few that carry a value (a wait, a status, an amount) as patterns here. A form's own messages are translated by
 * its words (shared/i18n/form-words.ts) before they get here; anything not listed comes back as it is.
 * `tests/server/api-messages.test.ts` refuses a fixed message in src/server without its Bengali.
 */
import BN_FIXED from './api-messages.bn.json';
import DONATE_BN from '../../../schemas/i18n/donate.bn.json';
import type { Language } from '../../shared/i18n/language';
import { engineMessage } from '../../shared/i18n/messages';
import { bengaliDigits } from '../../shared/format/digits';
import { formatDateTime, parseDateTime } from '../../shared/format/dates';
import { NOT_RUN_BN } from '../jobs/words';

const fixed: Record<string, string> = BN_FIXED;
/** The donate form's words (its payment methods, as the form shows them). */
const DONATE_WORDS: Record<string, string> = DONATE_BN;


/** The things a 404 names (`notFound(what)`: "<what> was not found."). */
const SUBJECTS: Record<string, string> = {
  'This record': 'এই তথ্যটি',
  'This project': 'এই প্রকল্পটি',
  'This agreement': 'এই চুক্তিটি',
  'This agreement request': 'এই চুক্তির অনুরোধটি',
  'This donation': 'এই দানটি',
  'This endpoint': 'এই ঠিকানাটি',
  'This file': 'এই ফাইলটি',
  'This form': 'এই ফর্মটি',
  'This instalment': 'এই কিস্তিটি',
  'This invitation': 'এই আমন্ত্রণটি',
  'This job': 'এই কাজটি',
  'This late charge': 'এই বিলম্ব ফি',
  'This notice': 'এই নোটিশটি',
  'This offer': 'এই প্রস্তাবটি',
  'This person': 'এই ব্যক্তি',
  'This verification': 'এই যাচাইটি',
  'This version of the form': 'ফর্মের এই সংস্করণটি',
  'This version of the site content': 'সাইটের বিষয়বস্তুর এই সংস্করণটি',
  'The site content': 'সাইটের বিষয়বস্তু',
  'Your draft of the site content': 'সাইটের বিষয়বস্তুর আপনার খসড়াটি',
  'Your draft of this form': 'এই ফর্মের আপনার খসড়াটি',
};

/** The states a message may name (a project, an agreement, a donation), as the screens say them. */
const STATUSES: Record<string, string> = {
  'pending review': 'পর্যালোচনার অপেক্ষায়',
  open: 'চালু',
  rejected: 'প্রত্যাখ্যাত',
  funded: 'অর্থায়ন সম্পন্ন',
  closed: 'বন্ধ',
  pending: 'অপেক্ষমাণ',
  accepted: 'গৃহীত',
  declined: 'প্রত্যাখ্যাত',
  withdrawn: 'প্রত্যাহার করা',
  expired: 'মেয়াদোত্তীর্ণ',
  cancelled: 'বাতিল',
  pledged: 'অঙ্গীকার করা',
  confirmed: 'নিশ্চিত',
  'refund due': 'ফেরতের অপেক্ষায়',
  refunded: 'ফেরত দেওয়া',
};
const status = (s: string) => STATUSES[s.replace(/_/g, ' ')] ?? s;

/** A date-time as formatDateTime writes it in English (`23 Nov 2026, 17:39`), said again in Bengali by it. */
const dhakaDateTime = (text: string) => {
  const at = parseDateTime(text);
  return at ? formatDateTime(at, 'bn') : text;
};

/** A wait as describeWait says it ("2 minutes 5 seconds") in Bengali. */
const wait = (text: string) =>
  bengaliDigits(text.replace(/(\d+) hours?/g, '$1 ঘণ্টা').replace(/(\d+) minutes?/g, '$1 মিনিট').replace(/(\d+) seconds?/g, '$1 সেকেন্ড'));

/** A payment method as the donate form names it ("Mobile Banking" → মোবাইল ব্যাংকিং). */
const method = (m: string) => DONATE_WORDS[m] ?? m;

/**
 * Why the payment gateway could not be used (modules/donations/sslcommerz.ts GatewayError), said to a donor: the
 * network's error and the gateway's own reason are English written for the log (where they are), so the Bengali
 * says what happened without them.
 */
function gatewayReason(why: string): string {
  if (/^the payment gateway did not answer \(.*\)$/s.test(why)) return 'পেমেন্ট গেটওয়ে থেকে কোনো সাড়া পাওয়া যায়নি';
  if (/^the payment gateway's validation API did not answer \(.*\)$/s.test(why)) return 'পেমেন্ট গেটওয়ের যাচাই সেবা থেকে কোনো সাড়া পাওয়া যায়নি';
  if (/^the payment gateway refused the session: /.test(why)) return 'পেমেন্ট গেটওয়ে এই মুহূর্তে পেমেন্টটি শুরু করতে দেয়নি';
  return why;
}

/** A studio document as approvals and versions name it (studio/versions.ts `name`). */
const DOCUMENT_OF: Record<string, string> = { 'this form': 'এই ফর্মের', 'the site content': 'সাইটের বিষয়বস্তুর' };

/** Messages with a value in them: the English pattern → its Bengali, the values kept. */
const PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [/^Version (\d+) of (the site content|this form) was not found\.$/, (v, what) => `${DOCUMENT_OF[what]} সংস্করণ ${bengaliDigits(v)} পাওয়া যায়নি।`],
  [/^(.+) was not found\.$/s, (what) => (SUBJECTS[what] ? `${SUBJECTS[what]} পাওয়া যায়নি।` : `${what}: পাওয়া যায়নি।`)],
  [/^Too many failed sign-in attempts\. Try again in (.+)\.$/, (w) => `অনেকবার ভুল সাইন-ইন চেষ্টা হয়েছে। ${wait(w)} পর আবার চেষ্টা করুন।`],
  [/^A new code was sent recently\. You can ask again in (.+)\.$/, (w) => `কিছুক্ষণ আগেই একটি নতুন কোড পাঠানো হয়েছে। ${wait(w)} পর আবার চাইতে পারবেন।`],
  [/^Too many requests\. Please wait (\d+) seconds and try again\.$/, (n) => `অনেক বেশি অনুরোধ এসেছে। অনুগ্রহ করে ${bengaliDigits(n)} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।`],
  [/^Account created\. We sent a 4-digit code to (.+)\.$/, (phone) => `অ্যাকাউন্ট খোলা হয়েছে। আমরা ${phone} নম্বরে ৪ অঙ্কের একটি কোড পাঠিয়েছি।`],
  [/^If (.+) is waiting for verification, a new code is on its way\.$/, (phone) => `${phone} নম্বরটি যাচাইয়ের অপেক্ষায় থাকলে একটি নতুন কোড পাঠানো হচ্ছে।`],
  [/^This project is not taking investments: it is (.+)\.$/, (s) => `এই প্রকল্প এখন বিনিয়োগ নিচ্ছে না: এটি ${status(s)}।`],
  [/^This project is not taking donations: it is (.+)\.$/, (s) => `এই প্রকল্প এখন দান নিচ্ছে না: এটি ${status(s)}।`],
  [/^This project is not taking agreement requests: it is (.+)\.$/, (s) => `এই প্রকল্প এখন চুক্তির অনুরোধ নিচ্ছে না: এটি ${status(s)}।`],
  [/^This project is not waiting for review \(it is (.+)\)\.$/, (s) => `এই প্রকল্পটি পর্যালোচনার অপেক্ষায় নেই (এটি ${status(s)})।`],
  [/^The project is (.+), so it can no longer accept requests\. Decline this one instead\.$/, (s) => `প্রকল্পটি ${status(s)}, তাই আর অনুরোধ গ্রহণ করতে পারে না। এর বদলে এটি প্রত্যাখ্যান করুন।`],
  [/^Only an open or funded campaign can be closed; this one is (.+)\.$/, (s) => `শুধু চালু বা অর্থায়ন সম্পন্ন ক্যাম্পেইন বন্ধ করা যায়; এটি ${status(s)}।`],
  [/^Only an open project can invite investors; this one is (.+)\.$/, (s) => `শুধু চালু প্রকল্প বিনিয়োগকারীদের আমন্ত্রণ জানাতে পারে; এটি ${status(s)}।`],
  [/^A Shariah review is recorded before a project opens; this one is (.+)\.$/, (s) => `প্রকল্প চালু হওয়ার আগে শরিয়াহ পর্যালোচনা লিপিবদ্ধ হয়; এটি ${status(s)}।`],
  [/^This donation is already (.+)\.$/, (s) => `এই দানটি ইতিমধ্যে ${status(s)}।`],
  [/^This donation was already (.+)\.$/, (s) => `এই দানটি আগেই ${status(s)} হয়েছে।`],
  [/^This request was already (.+); that is final\.$/, (s) => `এই অনুরোধটি আগেই ${status(s)} হয়েছে; এটিই চূড়ান্ত।`],
  [/^This proposal is (.+): its agreement is made only when the owner accepts it\.$/, (s) => `এই প্রস্তাবটি ${status(s)}: মালিক গ্রহণ করলে তবেই চুক্তি হয়।`],
  [/^The minimum investment in this project is (.+)$/, (amount) => `এই প্রকল্পে সর্বনিম্ন বিনিয়োগ ${bengaliDigits(amount)}`],
  [/^Your identity verification was rejected(?: \((.*)\))?\. Submit it again under Profile → Verify Profile\.$/s, (note) =>
    `আপনার পরিচয় যাচাই প্রত্যাখ্যাত হয়েছে${note ? ` (${note})` : ''}। প্রোফাইল → প্রোফাইল যাচাই-এ আবার জমা দিন।`],
  [/^The cooling-off window ended on (.+), (\d+) hours after acceptance: this agreement can no longer be cancelled\.$/, (when, hours) =>
    `চুক্তি গ্রহণের ${bengaliDigits(hours)} ঘণ্টা পর, ${dhakaDateTime(when)}-এ, বিবেচনার সময় শেষ হয়েছে: এই চুক্তি আর বাতিল করা যাবে না।`],
  [/^The risk statement has changed since you opened it \(it is now version (\d+)\)\. Please read the current one and acknowledge it\.$/, (v) =>
    `আপনি খোলার পর ঝুঁকির বিবৃতিটি বদলেছে (এখন এটি সংস্করণ ${bengaliDigits(v)})। অনুগ্রহ করে বর্তমানটি পড়ে স্বীকার করুন।`],
  [/^Online payment is not available for (.+) pledges: pay as the receipt says\.$/, (m) => `${method(m)} মাধ্যমের অঙ্গীকার অনলাইনে পরিশোধ করা যায় না: রসিদে যেভাবে বলা আছে সেভাবে পরিশোধ করুন।`],
  [/^Online payment is not available right now: (.+)\. You can still pay as the receipt says\.$/s, (why) => `এই মুহূর্তে অনলাইন পেমেন্ট চালু নেই: ${gatewayReason(why)}। রসিদে যেভাবে বলা আছে সেভাবে এখনও পরিশোধ করতে পারেন।`],
  [/^"(.+)" is not an income year\. Name one by its two calendar years, like 2026-27 \(1 July 2026 to 30 June 2027\)\.$/s, (shown) =>
    `"${shown}" কোনো আয়বর্ষ নয়। দুই পঞ্জিকাবর্ষ দিয়ে লিখুন, যেমন 2026-27 (১ জুলাই ২০২৬ থেকে ৩০ জুন ২০২৭)।`],
  [/^Thank you! Your pledge of (\S+) by (.+) is recorded with the payment reference (\S+)\. Pay as shown below; staff confirm it when the money arrives\.$/, (amount, by, ref) =>
    `ধন্যবাদ! আপনার ${bengaliDigits(amount)} দানের অঙ্গীকার লিপিবদ্ধ হয়েছে (পরিশোধের মাধ্যম: ${method(by)}; পেমেন্ট রেফারেন্স ${ref})। নিচে যেভাবে দেখানো আছে সেভাবে পরিশোধ করুন; টাকা পৌঁছালে কর্মীরা তা নিশ্চিত করবেন।`],
  [/^The owner of "(.+)" can now see the phone and e-mail of your offer\.$/s, (title) => `"${title}"-এর মালিক এখন আপনার প্রস্তাবের ফোন নম্বর ও ইমেইল দেখতে পাবেন।`],
  [/^The charity account holds (\S+): a payment cannot be more than that$/, (amount) => `দাতব্য হিসাবে আছে ${bengaliDigits(amount)}: পরিশোধ এর বেশি হতে পারে না`],
  [/^The job (.+) did not run: (.+)\. Try again in a moment\.$/s, (job, why) => `${job} কাজটি চলেনি: ${NOT_RUN_BN[why] ?? why}। একটু পরে আবার চেষ্টা করুন।`],
  [/^This draft cannot be published: (\d+) problems? to fix first\.$/, (n) => `এই খসড়াটি প্রকাশ করা যাবে না: আগে ${bengaliDigits(n)}টি সমস্যা ঠিক করতে হবে।`],
  [/^This draft cannot be published: (\d+) texts? (?:has|have) no translation yet \((.*)\)\.$/s, (n, which) =>
    `এই খসড়াটি প্রকাশ করা যাবে না: ${bengaliDigits(n)}টি লেখার এখনও অনুবাদ নেই (${which})।`],
  [/^This content cannot be published: (\d+) problems? to fix first\.$/, (n) => `এই বিষয়বস্তু প্রকাশ করা যাবে না: আগে ${bengaliDigits(n)}টি সমস্যা ঠিক করতে হবে।`],
  [/^No Bengali for “(.+)”\.$/s, (text) => `“${text}”-এর বাংলা এখনও লেখা হয়নি।`],
  [/^The Bengali only repeats the English “(.+)”: translate it\.$/s, (text) => `“${text}”-এর বাংলা ঘরে ইংরেজিটাই আবার লেখা: বাংলায় অনুবাদ করুন।`],
  [/^Version (\d+) of (the site content|this form) does not exist\.$/, (v, what) => `${what === 'this form' ? 'এই ফর্মের' : 'সাইটের বিষয়বস্তুর'} সংস্করণ ${bengaliDigits(v)} নেই।`],
  [/^You published version (\d+) yourself: another staff member must (approve|return) it \(four eyes\)\. To change it, publish a new version\.$/, (v, act) =>
    `সংস্করণ ${bengaliDigits(v)} আপনি নিজেই প্রকাশ করেছেন: অন্য একজন কর্মীকে এটি ${act === 'approve' ? 'অনুমোদন' : 'ফেরত'} করতে হবে (চার চোখের নীতি)। বদলাতে হলে নতুন একটি সংস্করণ প্রকাশ করুন।`],
  [/^(\S+) is over the limit for (one project|all projects in 12 months) for retail investors, (\S+): you have used (\S+) and (\S+) is left\.$/, (amount, which, limit, used, left) =>
    `${bengaliDigits(amount)} খুচরা বিনিয়োগকারীদের ${which === 'one project' ? 'এক প্রকল্পের' : '১২ মাসে সব প্রকল্প মিলিয়ে'} সীমা ${bengaliDigits(limit)} ছাড়িয়ে যায়: আপনি ${bengaliDigits(used)} ব্যবহার করেছেন, বাকি আছে ${bengaliDigits(left)}।`],
  [/^No such endpoint: (.+)$/s, (what) => `এমন কোনো ঠিকানা নেই: ${what}`],
  [/^Version (\d+) was made from version (\d+|\?), but version (\d+) has gone live since: approving it would undo that change\. Return it so its author can redo it on version \3\.$/, (v, base, live) =>
    `সংস্করণ ${bengaliDigits(v)} তৈরি হয়েছিল সংস্করণ ${bengaliDigits(base)} থেকে, কিন্তু এর পরে সংস্করণ ${bengaliDigits(live)} চালু হয়েছে: এটি অনুমোদন করলে সেই পরিবর্তন মুছে যাবে। এটি ফেরত পাঠান, যাতে লেখক সংস্করণ ${bengaliDigits(live)}-এর ওপর আবার পরিবর্তনটি করতে পারেন।`],
  [/^Thank you! (.+) is subscribed to our newsletter\.$/s, (email) => `ধন্যবাদ! ${email} আমাদের নিউজলেটারে যুক্ত হয়েছে।`],
  [/^(.+) is already subscribed\. Thank you for staying with us!$/s, (email) => `${email} আগে থেকেই আমাদের নিউজলেটারে যুক্ত আছে। আমাদের সঙ্গে থাকার জন্য ধন্যবাদ!`],
  [/^The asking amount must be at least the platform's minimum investment of (\S+), or set a lower minimum investment$/, (amount) =>
    `চাওয়া অর্থের পরিমাণ প্ল্যাটফর্মের সর্বনিম্ন বিনিয়োগ ${bengaliDigits(amount)}-এর কম হতে পারে না, অথবা সর্বনিম্ন বিনিয়োগ আরও কম দিন`],
];

/** One API message in a language: its Bengali when it has one, else the message as it is. */
export function apiMessage(message: string, language: Language): string {
  if (language !== 'bn') return message;
  if (Object.hasOwn(fixed, message)) return fixed[message]!;
  // The validation engine's own (the summary of a 400, a field the form does not take): said once, in shared/.
  const engine = engineMessage(message, language);
  if (engine !== message) return engine;
  // A 400 with more field errors than it lists (plugins/errors.ts cappedErrors).
  const capped = /^(.*) \((\d+) of (\d+) problems shown\)$/s.exec(message);
  if (capped) return `${apiMessage(capped[1]!, language)} (${bengaliDigits(capped[3]!)}টি সমস্যার মধ্যে ${bengaliDigits(capped[2]!)}টি দেখানো হলো)`;
  for (const [pattern, say] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return say(...m.slice(1));
  }
  return message;
}

/** Whether a fixed message has its Bengali (for the test that walks the server's messages). */
export function hasBengali(message: string): boolean {
  return apiMessage(message, 'bn') !== message;
}

/**
 * An answer's messages in a language: its `message`, and each field error's (a form's own words were translated
 * already and are left as they are). A copy when anything is said differently; the answer itself is never changed
 * (a route may send the same object to everyone).
 */
export function localizeAnswer(payload: unknown, language: Language): unknown {
  if (language === 'en' || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const answer = payload as { message?: unknown; errors?: unknown };
  const message = typeof answer.message === 'string' ? apiMessage(answer.message, language) : answer.message;
  const errors = Array.isArray(answer.errors)
    ? (answer.errors as unknown[]).map((e) => {
        const field = e as { message?: unknown } | null;
        if (!field || typeof field !== 'object' || typeof field.message !== 'string') return e;
        const said = apiMessage(field.message, language);
        return said === field.message ? e : { ...field, message: said };
      })
    : answer.errors;
  const changed = message !== answer.message || (Array.isArray(errors) && errors.some((e, i) => e !== (answer.errors as unknown[])[i]));
  if (!changed) return payload;
  const out: Record<string, unknown> = { ...answer, message };
  if (Array.isArray(errors)) out.errors = errors;
  return out;
}
