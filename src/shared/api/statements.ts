/**
 * A person's statement for a Bangladesh income year (DOMAIN.md "Income year", issue 30 §2): every movement of their
 * money in the year, by its Asia/Dhaka date, in sections, each with totals that are the exact sums of its rows.
 * The shapes the API answers with; the server builds them, the browser lists the years and downloads the files.
 */
import type { CalendarDate } from '../format/dhaka-calendar';
import type { IncomeYear } from '../domain/income-year';

/** The sections of a statement, in the order a statement shows them. */
export const STATEMENT_SECTIONS = ['investments', 'instalmentsReceived', 'donations', 'fundsRaised', 'instalmentsPaid'] as const;
export type StatementSectionKey = (typeof STATEMENT_SECTIONS)[number];

/** Each section's heading, as the JSON, the CSV and the PDF say it. */
export const SECTION_TITLES: Record<StatementSectionKey, string> = {
  investments: 'Investments made',
  instalmentsReceived: 'Instalments received',
  donations: 'Donations made',
  fundsRaised: 'Funds raised',
  instalmentsPaid: 'Instalments paid',
};

/** Sections whose rows split each amount into its principal and profit parts (DOMAIN.md "Profit part"). */
export const SPLIT_SECTIONS: ReadonlySet<StatementSectionKey> = new Set(['instalmentsReceived', 'instalmentsPaid']);

/** An income year a person has activity in, with its first and last dates (both inclusive). */
export interface StatementYear {
  year: IncomeYear;
  from: CalendarDate;
  to: CalendarDate;
}

/** One movement of money. Amounts are taka as decimal strings ("16814.28"). */
export interface StatementRow {
  /** The Asia/Dhaka date the movement belongs to the year by. */
  date: CalendarDate;
  /** The instant it happened (accepted, confirmed, marked paid). */
  at: string;
  projectId: string;
  projectTitle: string;
  /** The agreement (investments, instalments, an investment raised); null for a donation. */
  agreementId: string | null;
  /** The agreement document's number, once made. */
  agreementNumber: string | null;
  /** Instalment k of n. */
  instalment: { seq: number; of: number } | null;
  /** A donation's payment reference, or how an instalment was paid (its reference). */
  reference: string | null;
  /** For funds raised: whether the money came as an investment agreement or a donation. */
  source: 'investment' | 'donation' | null;
  amount: string;
  /** Instalments only: the parts of the amount that repay principal and that are profit. */
  principal: string | null;
  profit: string | null;
}

export interface StatementTotals {
  count: number;
  amount: string;
  /** Instalment sections only. */
  principal: string | null;
  profit: string | null;
}

export interface StatementSection {
  key: StatementSectionKey;
  title: string;
  rows: StatementRow[];
  totals: StatementTotals;
}

/** The person a statement is of, and the identity staff verified (the ID number masked to its last four). */
export interface StatementPerson {
  id: string;
  name: string;
  email: string;
  identity: { verified: boolean; verifiedOn: CalendarDate | null; idType: string | null; idNumber: string | null };
}

export interface Statement extends StatementYear {
  currency: 'BDT';
  person: StatementPerson;
  /** When the statement was produced. */
  producedAt: string;
  sections: StatementSection[];
}

/** The file name a statement downloads as: `statement-2026-27.pdf`. */
export function statementFileName(year: IncomeYear, format: 'pdf' | 'csv' | 'json'): string {
  return `statement-${year}.${format}`;
}
