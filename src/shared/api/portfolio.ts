/**
 * The answer of `GET /me/portfolio` and its pages (src/server/modules/portfolio/schemas.ts is the same contract as JSON
 * Schema). Money is a decimal string in taka; dates are Asia/Dhaka calendar dates (`YYYY-MM-DD`); rates are decimal
 * fractions (0.1934 is 19.34 %), or null with the reason they are not available.
 */
import type { RateReason } from '../domain/portfolio-flows';

export type { RateReason };

export interface PortfolioTotals {
  /** Principal of the agreements held (accepted, repaid under a schedule). */
  invested: string;
  /** Confirmed instalments. */
  received: string;
  /** Instalments not confirmed yet (due, or marked paid and awaiting confirmation). */
  outstanding: string;
  /** Of those, marked paid by the owner and awaiting the investor's confirmation. */
  awaitingConfirmation: string;
  /** Instalments not marked paid by their due date. */
  overdue: string;
  /** The profit parts (DOMAIN.md) of the confirmed instalments. */
  profitReceived: string;
}

export interface PortfolioMonth {
  /** `YYYY-MM`, of Dhaka dates. */
  month: string;
  /** Principal out: agreements accepted that month. */
  out: string;
  /** Instalments confirmed that month. */
  received: string;
  /** Instalments due that month and not confirmed yet (for a past month: still owed). */
  expected: string;
}

export interface NextInstalment {
  seq: number;
  dueOn: string;
  amount: string;
  /** Not marked paid by its due date. */
  overdue: boolean;
}

export interface PortfolioAgreement {
  id: string;
  projectId: string;
  projectTitle: string;
  amount: string;
  status: string;
  investmentType: string;
  acceptedOn: string;
  /** The Dhaka date it went into default (an instalment overdue DEFAULT_AFTER_DAYS); null when it is not in default. */
  inDefaultSince: string | null;
  /** What the schedule repays in all. */
  total: string;
  received: string;
  outstanding: string;
  overdue: string;
  profitReceived: string;
  instalments: number;
  confirmedInstalments: number;
  /** The first instalment not marked paid yet; null when every one is. */
  nextInstalment: NextInstalment | null;
  xirr: number | null;
  xirrReason: RateReason | null;
  xirrToDate: number | null;
  xirrToDateReason: RateReason | null;
  /** The dashboard's page of its schedule. */
  scheduleLink: string;
}

export interface AgreementsPage {
  items: PortfolioAgreement[];
  nextCursor: string | null;
}

export interface ZakatStepView {
  step: 'holdings' | 'nisab' | 'rate' | 'due';
  /** The step's amount: the holdings, the nisab, 2.5 % of the holdings, the estimate. */
  amount: string;
  /** `nisab`: whether the holdings reach it. */
  reached?: boolean;
  /** `rate`: "2.5". */
  percent?: string;
}

export interface ZakatView {
  /** Always an estimate, to confirm with a scholar. */
  estimate: true;
  asOf: string;
  /** Outstanding receivables on the date. */
  holdings: string;
  /** ZAKAT_NISAB_BDT; null while staff have not set it (then there is no estimate). */
  nisab: string | null;
  /** The estimate; null without a nisab. */
  due: string | null;
  steps: ZakatStepView[];
}

export interface OwnerProject {
  id: string;
  title: string;
  status: string;
  raised: string;
  /** Instalments marked paid (confirmed by the investor or not). */
  repaid: string;
  /** Instalments not marked paid yet. */
  due: string;
  overdue: string;
  /** The earliest due date with instalments not marked paid, and what is due on it. */
  next: { dueOn: string; amount: string; instalments: number; overdue: boolean } | null;
  /** The dashboard's page of its repayments. */
  scheduleLink: string;
}

export interface OwnerProjectsPage {
  items: OwnerProject[];
  nextCursor: string | null;
}

export interface OwnerSide {
  totals: { raised: string; repaid: string; due: string; overdue: string };
  /** What they owe next: the earliest due date with instalments not marked paid, across their projects. */
  next: { dueOn: string; amount: string; overdue: boolean } | null;
  projects: OwnerProjectsPage;
}

export interface Portfolio {
  currency: 'BDT';
  /** The Dhaka date the figures are of. */
  asOf: string;
  totals: PortfolioTotals;
  xirr: number | null;
  xirrReason: RateReason | null;
  xirrToDate: number | null;
  xirrToDateReason: RateReason | null;
  /** Money out and back by month, past and expected, oldest first (months with no money left out). */
  months: PortfolioMonth[];
  agreements: AgreementsPage;
  zakat: ZakatView;
  owner: OwnerSide;
}
