/**
 * The shapes the API answers with, shared by the server (which builds them) and the browser (which shows them).
 * Money is a decimal string in taka ("117700.00").
 */

export type ProjectStatus = 'pending_review' | 'open' | 'rejected' | 'funded' | 'closed';

export interface Figures {
  currency: 'BDT';
  goal: string;
  minInvestment: string;
  pledged: string;
  raised: string;
  waiting: string;
  /** Distinct people with an accepted agreement or a confirmed donation (each anonymous donation once). */
  backers: number;
  /** The backers who came through an accepted agreement ("total investors"); never more than `backers`. */
  investors: number;
  /** floor(100 × raised / goal); may pass 100. */
  progressPercent: number;
  /** The same, capped at 100 for the bar. */
  progressBar: number;
  /** Whole days until the campaign ends, never below 0 (null before approval). */
  daysLeft: number | null;
  markupPercent: string;
  annualisedReturn: { simplePercent: string; compoundPercent: string; basis: string };
  repayment: {
    type: 'On-time' | 'Recurring';
    everyMonths: number | null;
    overMonths: number;
    instalments: number;
    /** What the owner repays in all if the goal is raised: goal × (1 + markup). */
    totalOnGoal: string;
    /** The initial instalment the owner states for the whole goal (`initialins`); each investor's first is their share. */
    initialInstalment: string;
  };
  durationMonths: number;
}

/** The Shariah review in force of a project (issue 31 §5). */
export interface ShariahReviewView {
  decision: 'approved' | 'changes_requested';
  adviser: string;
  decidedAt: string;
  /** The signed opinion (a PDF or an image), readable by anyone once approved on a public project. */
  opinionFileId: string | null;
  /** The reviewer's note: public with an approval; a request for changes (and its note) only for the owner and staff. */
  note?: string;
}

export interface ProjectView {
  id: string;
  status: ProjectStatus;
  title: string;
  category: string;
  country: string;
  ownerName: string;
  summary: string;
  /** File ids of the project's images. */
  images: string[];
  videoUrl: string | null;
  createdAt: string;
  approvedAt: string | null;
  endsAt: string | null;
  fundedAt: string | null;
  closedAt: string | null;
  figures: Figures;
  /** Stated when submitted: all-or-nothing returns the money when the goal is not reached (DOMAIN.md). */
  fundingModel: 'all_or_nothing' | 'keep_what_you_raise';
  /** An all-or-nothing campaign closed below its goal, with its donations' refunds (due and recorded); else null. */
  goalNotReached: { refundsDue: number; refunded: number } | null;
  /** True when the viewer owns it. */
  mine: boolean;
  /** The version of the project form it was submitted with (always sent by the server; optional for fixtures). */
  formVersion?: number;
  /** Owner and staff only. */
  staffNote?: string | null;
  /** The Shariah review in force: an approval for everyone, a request for changes for the owner and staff; else null. */
  shariahReview?: ShariahReviewView | null;
  /** The project form's fields: all of them for the owner and staff, the public ones for everyone else. */
  details: Record<string, unknown>;
}

export interface ProjectPage {
  items: ProjectView[];
  nextCursor: string | null;
}

/** One contact detail of an offer (a field of the invest form marked `"x-visibility": "contact"`). */
export interface OfferContactField {
  /** The form's field name. */
  field: string;
  /** Its title in the form the offer was made with. */
  label: string;
  /** How to offer it: a phone to call, an address to write to, or plain text (from the field's `format`). */
  kind: 'phone' | 'email' | 'text';
  value: string;
}

/**
 * An investment offer as an investor card. Contact details are personal data: they are in the answer only for the
 * investor themself, staff, and a project owner the investor answered (see `contactSource`); otherwise `contact` is
 * null and nothing of them is sent.
 */
export interface OfferView {
  id: string;
  status: 'open' | 'withdrawn';
  kind: 'Donate' | 'Investment';
  name: string;
  city: string;
  businessCategory: string | null;
  amount: string | null;
  currency: string | null;
  durationMonths: number | null;
  returnType: 'On-time' | 'Recurring' | null;
  returningTime: number | null;
  totalDuration: number | null;
  investmentMethod: string | null;
  securityPolicy: string | null;
  /** The project the offer was made from (its page), if any; its title only while the project is public. */
  projectId: string | null;
  projectTitle: string | null;
  formVersion: number;
  createdAt: string;
  /** True when the viewer made it. */
  mine: boolean;
  /** How many open offers its investor has (this one among them when open): two cards of one person say so. */
  investorOpenOffers: number;
  contact: OfferContactField[] | null;
  /** Why the viewer sees the contact details: their own offer, staff, an answered Request For Invest, or shared. */
  contactSource: 'mine' | 'staff' | 'answered' | 'shared' | null;
}

/** How to pay one method, from the payment instructions file. */
export interface PaymentInstructions {
  method: string;
  summary: string;
  details: { label: string; value: string }[];
  /** The accounts are placeholders the platform has not replaced yet: do not send money to them. */
  sample: boolean;
}

/** A donation receipt (the answer to a pledge, and GET /donations/:id). */
export interface DonationReceipt {
  id: string;
  reference: string;
  projectId: string;
  projectTitle: string;
  status: 'pledged' | 'confirmed' | 'cancelled' | 'refund_due' | 'refunded';
  amount: string;
  currency: string;
  paymentMethod: string;
  anonymous: boolean;
  donorName: string | null;
  createdAt: string;
  decidedAt: string | null;
  note: string | null;
  instructions: PaymentInstructions | null;
  /** The stored donate form (the donor's name and e-mail only for the donor). */
  data: Record<string, unknown>;
  /** The version of the donate form it was validated with. */
  formVersion: number;
  /** "Pay now" through the hosted-checkout gateway is offered. */
  payOnline: boolean;
  /** Only in the answer to a new pledge. */
  message?: string;
  /** Only in the answer to a new pledge: the secret of the receipt's own address (receiptPath). */
  receiptKey?: string;
}

/** What `GET /me/next-steps` can list. */
export type NextStepKind = 'proposals' | 'instalments-to-pay' | 'instalments-to-confirm' | 'verification' | 'project-draft' | 'pledge' | 'accepted';

/** One thing waiting for the user. `amount` is taka; `reference` is a pledge's payment reference. */
export interface NextStep {
  kind: NextStepKind;
  count: number;
  text: string;
  link: string;
  amount?: string;
  date?: string;
  reference?: string | null;
}

/** `GET /me/next-steps`: the greeting name, what waits, and for staff the sizes of their queues. */
export interface NextStepsAnswer {
  name: string;
  items: NextStep[];
  staff: { id: string; label: string; count: number; link: string }[] | null;
}

export type ConsentParty = 'investor' | 'owner';

/** A party's consent to an agreement document. */
export interface AgreementConsentView {
  party: ConsentParty;
  /** The party's name as the document gives it. */
  name: string;
  /** The fingerprint of the document agreed to. */
  sha256: string;
  /** The words the party ticked. */
  statement: string;
  at: string;
}

/** An accepted agreement's Murabaha document, as its parties and staff see it. */
export interface AgreementDocumentView {
  number: string;
  fileName: string;
  /** Under /api/v1; needs the session, like every private file. */
  path: string;
  /** SHA-256 of the PDF's bytes: the fingerprint shown on the agreement's page and named by each consent. */
  sha256: string;
  /** What each party's consent says, as they read it before ticking. */
  statements: Record<ConsentParty, string>;
  consents: Record<ConsentParty, AgreementConsentView | null>;
}

/** One retail limit as `GET /me/limits` answers it (taka strings). */
export interface RetailLimitView {
  limit: string;
  used: string;
  left: string;
}

/** What a person may still request in agreements (issue 31 §1): null where no limit applies. */
export interface RetailLimitsView {
  qualified: boolean;
  perProject: RetailLimitView | null;
  perYear: RetailLimitView | null;
  /** The smaller of the two; null when neither applies. */
  left: string | null;
}

/** The risk statement an investor acknowledges before an agreement request (GET /risk-statement; issue 31 §4). */
export interface RiskStatementView {
  /** The site content version in which the statement took its present wording. */
  version: number;
  language: 'en' | 'bn';
  title: string;
  intro: string;
  points: string[];
  /** The words of the acknowledgment ("I have read and understand the risks"). */
  acknowledge: string;
}

/** GET /me/risk-acknowledgment: whether I have acknowledged the current statement. */
export interface RiskAcknowledgmentView {
  /** Whether an agreement request needs it on this installation (RISK_ACK_REQUIRED). */
  required: boolean;
  current: boolean;
  acknowledgedAt: string | null;
  statement: RiskStatementView;
}
