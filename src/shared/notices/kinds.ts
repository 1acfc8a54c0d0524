import type { Language } from '../i18n/language';

/** The kinds of notice, with the label Settings shows for each (server and client share the list). */
export const NOTICE_KINDS = {
  verification_decided: 'My identity verification is decided',
  project_decided: 'My project is approved or rejected',
  shariah_review: "My project's Shariah review is recorded",
  proposal_received: 'My project receives a proposal',
  proposal_decided: 'A proposal I sent or received is decided',
  invest_request: 'A project owner sends me a Request For Invest',
  instalment_due: 'An instalment is due soon, due today, overdue or in default',
  instalment_paid: 'An instalment owed to me is marked paid',
  instalment_confirmed: 'An investor confirms an instalment I paid',
  donation_confirmed: 'My donation is confirmed',
  contact_shared: 'An investor shares their contact details with me',
  goal_not_reached: 'An all-or-nothing campaign I own or backed misses its goal, and my money from it is returned',
} as const;

export type NoticeKind = keyof typeof NOTICE_KINDS;

/** The labels in Bengali (a person's wish, said in the first person as Settings lists them: "…হলে"). */
const NOTICE_KINDS_BN: Record<NoticeKind, string> = {
  verification_decided: 'আমার পরিচয় যাচাইয়ের সিদ্ধান্ত হলে',
  project_decided: 'আমার প্রকল্প অনুমোদিত বা প্রত্যাখ্যাত হলে',
  shariah_review: 'আমার প্রকল্পের শরিয়াহ পর্যালোচনা লেখা হলে',
  proposal_received: 'আমার প্রকল্পে কোনো প্রস্তাব এলে',
  proposal_decided: 'আমার পাঠানো বা পাওয়া কোনো প্রস্তাবের সিদ্ধান্ত হলে',
  invest_request: 'কোনো প্রকল্প মালিক আমাকে বিনিয়োগের অনুরোধ পাঠালে',
  instalment_due: 'কোনো কিস্তি শিগগির দেয়, আজ দেয়, বকেয়া বা খেলাপি হলে',
  instalment_paid: 'আমার পাওনা কোনো কিস্তি পরিশোধিত হিসেবে চিহ্নিত হলে',
  instalment_confirmed: 'আমার পরিশোধ করা কিস্তি কোনো বিনিয়োগকারী নিশ্চিত করলে',
  donation_confirmed: 'আমার দান নিশ্চিত হলে',
  contact_shared: 'কোনো বিনিয়োগকারী আমার সঙ্গে তাঁর যোগাযোগের তথ্য শেয়ার করলে',
  goal_not_reached: 'আমার বা আমার সমর্থন করা কোনো ‘সব অথবা কিছুই না’ ক্যাম্পেইন লক্ষ্যে না পৌঁছালে এবং তার অর্থ আমাকে ফেরত দেওয়া হলে',
};

/** A kind's label in a language: the API answers it in the request's language, and Settings shows it as it comes. */
export function noticeKindLabel(kind: NoticeKind, language: Language): string {
  return language === 'bn' ? NOTICE_KINDS_BN[kind] : NOTICE_KINDS[kind];
}

export const NOTICE_KIND_NAMES = Object.keys(NOTICE_KINDS) as NoticeKind[];

/** The kinds also sent by SMS (unless turned off in Settings): money owed on a date, which a text message is for. */
export const SMS_NOTICE_KINDS: readonly NoticeKind[] = ['instalment_due'];
