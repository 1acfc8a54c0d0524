/**
 * What a Murabaha agreement document is made from: the terms fixed when the owner accepted a proposal (parties as
 * the platform knew them then, goods and purpose, money, schedule). The server stores this snapshot beside the PDF it
 * made from it, so the document never changes when a profile, a project or a verification does later; the browser
 * renders the same snapshot as text (see ./content.ts).
 */

/** One party as the document names it. Identity numbers are never kept whole here: the PDF may be forwarded. */
export interface AgreementParty {
  /** The person's name (their profile name, checked by staff against their ID when `verifiedOn` is set). */
  name: string;
  /** For an investor who proposed for an organisation (NGO, agency…): its name and kind; null for an individual. */
  onBehalfOf: { name: string; kind: string } | null;
  /** Dhaka calendar date staff verified the identity (YYYY-MM-DD), null when not verified. */
  verifiedOn: string | null;
  /** The kind of identity document and its last four characters ("National ID", "4321"); null when none. */
  idDocument: { kind: string; last4: string } | null;
  /** The address the party gave for the agreement (investor) or the business's office address (owner). */
  address: string | null;
}

export interface AgreementInstalment {
  seq: number;
  /** YYYY-MM-DD. */
  dueOn: string;
  /** Decimal taka, two places. */
  amount: string;
}

export interface AgreementTerms {
  /** Bumped when the shape or the wording changes, so an old snapshot is read as it was written. */
  version: 1;
  agreementId: string;
  /** The number people quote: HF-M- and the first 8 hex digits of the id, upper case. */
  number: string;
  /** The instant of acceptance (ISO) and its calendar date in Asia/Dhaka (YYYY-MM-DD). */
  acceptedAt: string;
  acceptedOn: string;
  investor: AgreementParty;
  owner: AgreementParty;
  project: {
    id: string;
    title: string;
    business: string;
    category: string;
    /** What the money is for: the project's brief description. */
    purpose: string;
    /** The project (or business) plan, when one was given. */
    plan: string | null;
    security: string | null;
    financialDocument: string | null;
    /** The business account the principal is paid into; the number shown by its last four digits only. */
    account: { name: string; bank: string; branch: string | null; last4: string } | null;
  };
  /** Decimal taka strings, two places. */
  principal: string;
  markupPercent: string;
  profit: string;
  total: string;
  returnType: 'On-time' | 'Recurring';
  tenorMonths: number;
  everyMonths: number | null;
  schedule: AgreementInstalment[];
}

/** The agreement number people quote and file under: `HF-M-3F2A9C1B`. */
export function agreementNumber(agreementId: string): string {
  return `HF-M-${agreementId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

const BENGALI_ZERO = 0x09e6;

/**
 * The last four letters or digits of an identity or account number (Bengali digits read as 0–9), or null when it
 * has fewer than six: showing four of five would all but show it whole.
 */
export function lastFour(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const plain = [...value]
    .map((c) => {
      const code = c.codePointAt(0)!;
      return code >= BENGALI_ZERO && code <= BENGALI_ZERO + 9 ? String(code - BENGALI_ZERO) : c;
    })
    .join('')
    .replace(/[^0-9A-Za-z]/g, '');
  return plain.length >= 6 ? plain.slice(-4).toUpperCase() : null;
}

/** A form answer as text: trimmed, or null when it is not a string or is blank. */
export const answerText = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The project part of an agreement, from the project's record and its form answers (`data`): what both the stored
 * document (server) and the blank agreement on the project's page (browser) say, so the two cannot differ.
 */
export function agreementProject(project: { id: string; title: string; category: string }, data: Record<string, unknown>): AgreementTerms['project'] {
  const last4 = lastFour(data.accountNum);
  const bank = answerText(data.bankName);
  return {
    id: project.id,
    title: project.title,
    business: answerText(data.bname) ?? project.title,
    category: project.category,
    purpose: answerText(data.briefDescrip) ?? project.title,
    plan: answerText(data.pplan) ?? answerText(data.bplan),
    security: answerText(data.security),
    financialDocument: answerText(data.financialDocument),
    account: last4 && bank ? { name: answerText(data.accountName) ?? answerText(data.bname) ?? project.title, bank, branch: answerText(data.branchName), last4 } : null,
  };
}
