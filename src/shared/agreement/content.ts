/**
 * The words of a Murabaha financing agreement, made from its terms: one source for the PDF the server makes
 * (server/modules/agreements/pdf.ts) and the agreement page in the browser (features/projects/AgreementTextPage.tsx), so the
 * two always say the same thing. Amounts are written "BDT 117,700.00" with their words, as Bangladeshi agreements do
 * (the PDF's standard fonts have no ৳ glyph, and the page says it the same way).
 */
import { fromPaisa, toPaisa } from '../domain/money';
import { groupDigits, noun } from '../format/count';
import { formatDate } from '../format/dates';
import type { ConsentParty } from '../api/views';
import type { AgreementParty, AgreementTerms } from './terms';
import { takaInWords } from './words';
import type { Language } from '../i18n/language';

export const AGREEMENT_TITLE = 'Murabaha Financing Agreement';
export const PLATFORM = 'Halal Fund';
/** The platform's name in each language (subjects, SMS, documents): written here once. */
export const PLATFORM_NAME: Record<Language, string> = { en: PLATFORM, bn: 'হালাল ফান্ড' };

export interface Fact {
  label: string;
  value: string;
  /** A second line under the value (an amount in words). */
  note?: string;
}

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: Fact[] }
  | { kind: 'schedule'; rows: { seq: string; dueOn: string; amount: string }[]; total: string; note: string | null };

export interface Section {
  heading: string;
  blocks: Block[];
}

export interface AgreementContent {
  title: string;
  /** Agreement number, date, project, platform. */
  header: Fact[];
  parties: { role: string; name: string; lines: string[] }[];
  /** Numbered in order by whoever draws them ("1. Nature of this agreement"). */
  sections: Section[];
  /** Labels of the places to sign a printed copy. */
  signatures: string[];
  footer: string;
}

/** BDT with grouped digits and always two decimals: "BDT 117,700.00". */
export function bdt(amount: string | number): string {
  return `BDT ${groupDigits(fromPaisa(toPaisa(amount)))}`;
}

/** A party's identity line: who verified what, showing only the last four characters of the document number. */
function identityLine(p: AgreementParty): string {
  const id = p.idDocument ? `${p.idDocument.kind} ending ${p.idDocument.last4}` : null;
  if (p.verifiedOn) return `Identity verified by ${PLATFORM} on ${formatDate(p.verifiedOn)}${id ? ` (${id})` : ''}.`;
  return `Identity not verified by ${PLATFORM}${id ? `; stated ${id}` : ''}.`;
}

function partyName(p: AgreementParty): string {
  return p.onBehalfOf ? `${p.onBehalfOf.name} (${p.onBehalfOf.kind}), represented by ${p.name}` : p.name;
}

function repaymentWords(t: AgreementTerms): string {
  const n = t.schedule.length;
  if (t.returnType === 'Recurring' && t.everyMonths) {
    return `${n} ${noun(n, 'instalment')}, ${t.everyMonths === 1 ? 'one a month' : `one every ${t.everyMonths} months`}`;
  }
  return n === 1 ? `one payment ${t.tenorMonths} ${noun(t.tenorMonths, 'month')} after acceptance` : `${n} instalments, the last ${t.tenorMonths} ${noun(t.tenorMonths, 'month')} after acceptance`;
}

/** The document's words. `draft` terms (a blank agreement for the whole goal) say so where a real one has facts. */
export function agreementContent(t: AgreementTerms, options: { draft?: boolean } = {}): AgreementContent {
  const draft = options.draft ?? false;
  const investor = partyName(t.investor);
  const owner = partyName(t.owner);
  const n = t.schedule.length;
  const p = t.project;
  const sections: Section[] = [
    {
      heading: 'Nature of this agreement',
      blocks: [
        {
          kind: 'paragraph',
          text:
            'This is a Murabaha: a sale at cost plus a markup disclosed in full. The Investor buys the goods or assets described in clause 2 for their cost and sells them to the Owner for that cost plus the markup in clause 3, the price to be paid in instalments. ' +
            'The Investor may appoint the Owner as its agent to buy the goods; until the sale to the Owner takes effect they belong to the Investor and are at its risk.',
        },
      ],
    },
    {
      heading: 'Goods and purpose',
      blocks: [
        { kind: 'paragraph', text: `The goods or assets are for ${p.business}, a business in ${p.category} ("${p.title}" on ${PLATFORM}), for this purpose: ${p.purpose}` },
        ...(p.plan ? [{ kind: 'paragraph' as const, text: `The plan the Owner stated: ${p.plan}` }] : []),
      ],
    },
    {
      heading: 'Price',
      blocks: [
        {
          kind: 'facts',
          rows: [
            { label: 'Cost (principal) provided by the Investor', value: bdt(t.principal), note: takaInWords(t.principal) },
            { label: 'Markup on the cost, fixed and disclosed', value: `${t.markupPercent} % = ${bdt(t.profit)}`, note: takaInWords(t.profit) },
            { label: 'Sale price: the total the Owner pays', value: bdt(t.total), note: takaInWords(t.total) },
          ],
        },
        {
          kind: 'paragraph',
          text: 'The sale price is fixed by this agreement. It is not interest (riba): it does not grow with time, and nothing is added to it for early, late or rescheduled payment. The Investor receives no more than the sale price.',
        },
      ],
    },
    {
      heading: 'Repayment',
      blocks: [
        {
          kind: 'paragraph',
          text: `The Owner pays the sale price in ${repaymentWords(t)}, on the due dates below. The Owner marks each instalment paid on ${PLATFORM} with how it was paid, and the Investor confirms receiving it. The Owner may pay early; nothing more is due for it.`,
        },
        {
          kind: 'schedule',
          rows: t.schedule.map((i) => ({ seq: String(i.seq), dueOn: formatDate(i.dueOn), amount: bdt(i.amount) })),
          total: bdt(t.total),
          note: draft ? 'Due dates count from the day a proposal is accepted; here they are shown from today.' : null,
        },
      ],
    },
    {
      heading: 'Late payment',
      blocks: [
        {
          kind: 'paragraph',
          text: `A late payment never increases what the Investor receives. Any late-payment charge that ${PLATFORM}'s published rules set for an overdue instalment is paid to charity through ${PLATFORM}; it is never paid to the Investor and is never part of the Investor's return.`,
        },
      ],
    },
  ];
  if (p.security || p.financialDocument) {
    const parts = [p.security ? `security: ${p.security}` : '', p.financialDocument ? `financial documents: ${p.financialDocument}` : ''].filter(Boolean);
    sections.push({ heading: 'Security and documents', blocks: [{ kind: 'paragraph', text: `As the Owner stated in the project, ${parts.join('; ')}.` }] });
  }
  if (p.account) {
    const branch = p.account.branch ? `, ${p.account.branch} branch` : '';
    sections.push({
      heading: 'Payment of the cost',
      blocks: [{ kind: 'paragraph', text: `The Investor pays the cost into the Owner's business account "${p.account.name}" at ${p.account.bank}${branch}, account number ending ${p.account.last4}.` }],
    });
  }
  sections.push(
    {
      heading: `The role of ${PLATFORM}`,
      blocks: [
        {
          kind: 'paragraph',
          text: `${PLATFORM} brings the parties together, checks their identities as stated above, and keeps the records of this agreement, its schedule and its payments. It is not a party to this sale, does not lend, does not hold the money, and does not guarantee repayment.`,
        },
      ],
    },
    {
      heading: 'Consent and records',
      blocks: [
        {
          kind: 'paragraph',
          text: `Each party consents by confirming on ${PLATFORM} that they have read this agreement and agree to its terms. ${PLATFORM} records who consented, when, and the SHA-256 fingerprint of this document, which is shown on the agreement's page; a printed copy may also be signed below.`,
        },
      ],
    },
    {
      heading: 'Law and disputes',
      blocks: [
        {
          kind: 'paragraph',
          text: "This agreement is governed by the laws of the People's Republic of Bangladesh. The parties will first try to settle any dispute between them amicably and in good faith.",
        },
      ],
    },
  );

  return {
    title: AGREEMENT_TITLE,
    header: [
      { label: 'Agreement No.', value: draft ? 'Given when a proposal is accepted' : t.number },
      { label: 'Date', value: draft ? 'The day the proposal is accepted' : formatDate(t.acceptedOn) },
      { label: 'Project', value: p.title },
      { label: 'Through', value: PLATFORM },
    ],
    parties: [
      { role: 'The Investor (seller)', name: investor, lines: [t.investor.address ?? '', draft ? '' : identityLine(t.investor)].filter(Boolean) },
      { role: 'The Owner (buyer)', name: owner, lines: [`Owner of ${p.business}`, t.owner.address ?? '', draft ? '' : identityLine(t.owner)].filter(Boolean) },
    ],
    sections,
    signatures: ['The Investor', 'The Owner'],
    footer: draft
      ? `A blank agreement for the whole goal. The agreement of an accepted proposal is made from its own terms.`
      : `Made by ${PLATFORM} from the terms recorded when the proposal was accepted, ${formatDate(t.acceptedOn)}. ${n} ${noun(n, 'instalment')}, ${bdt(t.total)} in all.`,
  };
}

/**
 * What a party's consent says, naming the agreement and the amounts: the words of the box they tick, stored as they
 * read them with the time and the document's fingerprint.
 */
export function consentStatement(party: ConsentParty, t: AgreementTerms): string {
  const n = t.schedule.length;
  const times = `${n} ${noun(n, 'instalment')}`;
  const what =
    party === 'investor'
      ? `I provide ${bdt(t.principal)} and ${partyName(t.owner)} pays me ${bdt(t.total)} in ${times}`
      : `I receive ${bdt(t.principal)} from ${partyName(t.investor)} and pay ${bdt(t.total)} in ${times}`;
  return `I have read Murabaha financing agreement ${t.number} and agree to its terms: ${what}.`;
}
