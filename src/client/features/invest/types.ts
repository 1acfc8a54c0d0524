/** API answer shapes of the investment screens. */
import type { AgreementDocumentView, OfferView, ProjectView } from '../../../shared/api/views';
import type { Language } from '../../../shared/i18n/language';
import { formatNumber } from '../../../shared/format/money';
import type { Words } from '../../lib/words';

/** An investor card, with what the relevant-investors list adds (why it is listed, whether it was invited). */
export interface Offer extends OfferView {
  reason?: 'linked' | 'matching';
  invited?: boolean;
}

export interface AgreementDoc {
  description: string;
  fileId: string | null;
  fileName: string | null;
}

export interface Proposal {
  id: string;
  projectId: string;
  projectTitle?: string;
  status: 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'cancelled';
  /** Why an agreement was cancelled: within the cooling-off window, or its all-or-nothing goal not reached. */
  cancelReason?: 'cooling_off' | 'goal_not_reached' | null;
  investDate: string | null;
  investorType: string | null;
  investorName: string | null;
  investorAddress: string | null;
  amount: string;
  investmentType: string;
  documents: AgreementDoc[];
  acceptanceDocuments: AgreementDoc[];
  declineReason: string | null;
  /** The stored agreement-request form. */
  data: Record<string, unknown>;
  /** The stored agreement-accept form, once accepted. */
  acceptance: Record<string, unknown> | null;
  /** The form versions the request and the acceptance were validated with. */
  formVersion: number;
  acceptanceFormVersion: number | null;
  decidedAt: string | null;
  /** When the investor cancelled it in the cooling-off window. */
  cancelledAt: string | null;
  /** Until when its investor may still cancel it (only on the investor's own list; null: not now). */
  cancellableUntil?: string | null;
  createdAt: string;
  /** The Murabaha agreement document, once accepted (null before, and for a donation). */
  document: AgreementDocumentView | null;
}

export interface Invitation {
  id: string;
  offerId: string;
  /** The invited offer is still open (sharing contact details on a withdrawn one would show nothing). */
  offerOpen: boolean;
  createdAt: string;
  /** Whether the owner sees the offer's contact details: shared by choice, or by answering with an agreement request. */
  contactShared: 'shared' | 'answered' | null;
  project: ProjectView;
}

export interface Instalment {
  id: string;
  agreementId: string;
  projectId: string;
  projectTitle: string;
  investorName: string | null;
  principal: string;
  seq: number;
  dueOn: string;
  amount: string;
  status: 'due' | 'paid' | 'confirmed';
  paidAt: string | null;
  confirmedAt: string | null;
  /** How the owner paid: the instalment-paid form's answer (method, reference); null while due (and for old rows). */
  payment: Record<string, unknown> | null;
  /** The version of the instalment-paid form that answer was given with. */
  paymentFormVersion: number | null;
  /** Still due after its due date (marked by the scheduled job). */
  overdue?: boolean;
  /** Its agreement is in default (an instalment overdue DEFAULT_AFTER_DAYS): since when, or null. */
  agreementInDefaultSince?: string | null;
  /** The owner's late charge for charity on it (only in the owner's schedule; never the investor's). */
  lateCharge?: LateCharge | null;
}

/** A late charge owed to the platform's charity account, never to the investor. */
export interface LateCharge {
  id: string;
  /** accruing until the instalment is marked paid, then owed (fixed), then settled (received by the charity account). */
  status: 'accruing' | 'owed' | 'settled';
  amount: string;
  ratePa: string;
  graceDays: number;
  accruesFrom: string;
  paidOn: string | null;
  settledAt: string | null;
  reference: string | null;
}

/** A page of a schedule (`/me/returns`, `/me/repayments`): the totals and the count are of the whole schedule. */
export interface Schedule {
  items: Instalment[];
  nextCursor: string | null;
  count: number;
  /** `paid` is paid and awaiting the investor's confirmation; `confirmed` is received and confirmed. */
  totals: { scheduled: string; due: string; paid: string; confirmed: string };
  /** The owner's late charges for charity (owner's schedule only): owing, and received by the charity account. */
  lateCharges?: { owing: string; settled: string; count: number };
  /** How many instalments each total sums. */
  counts: { scheduled: number; due: number; paid: number; confirmed: number };
}

/** "every 3 months over 12", "one payment after 12 months" */
export function frequencyText(o: Offer, t: Words['t'], language: Language): string {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '?' : formatNumber(v, language));
  if (o.kind === 'Donate') return t('Donation');
  if (o.returnType === 'Recurring') return t('{months} months, returned every {every} months over {over}', { months: n(o.durationMonths), every: n(o.returningTime), over: n(o.totalDuration) });
  if (o.returnType === 'On-time') return t('{months} months, returned on time', { months: n(o.durationMonths) });
  return '—';
}

