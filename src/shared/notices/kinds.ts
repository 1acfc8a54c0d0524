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

export const NOTICE_KIND_NAMES = Object.keys(NOTICE_KINDS) as NoticeKind[];

/** The kinds also sent by SMS (unless turned off in Settings): money owed on a date, which a text message is for. */
export const SMS_NOTICE_KINDS: readonly NoticeKind[] = ['instalment_due'];
