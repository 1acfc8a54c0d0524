/**
 * The agreement document of an accepted Murabaha agreement: its terms are gathered from the records (the parties
 * as the platform knows them, the project's goods and purpose, the money, the stored schedule), drawn as a PDF and
 * stored with its SHA-256 in `agreement_documents` (migration 020) in the transaction that accepts the proposal.
 * The stored bytes are what both parties download and consent to, so a later change to a profile, a project or the
 * PDF library never changes a document someone agreed to.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { agreementNumber, agreementProject, answerText as text, lastFour, type AgreementParty, type AgreementTerms } from '../../shared/agreement/terms';
import { dhakaDate } from '../../shared/format/dhaka-calendar';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import { repaymentTotal } from '../../shared/domain/murabaha';
import { renderAgreementPdf } from './pdf';

type Db = Kysely<DB> | Transaction<DB>;


/** A user as the document names them: profile name, and the identity staff verified (last four characters only). */
export async function party(db: Db, userId: string, fallbackName: string | null): Promise<Omit<AgreementParty, 'onBehalfOf' | 'address'>> {
  const [profile, verification] = await Promise.all([
    db.selectFrom('profiles').select('name').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('verifications').select(['status', 'data', 'reviewed_at']).where('user_id', '=', userId).where('superseded_at', 'is', null).executeTakeFirst(),
  ]);
  const data = verification?.data ?? {};
  const nid = lastFour(data.nid);
  const passport = nid ? null : lastFour(data.passport);
  const verified = verification?.status === 'verified' && verification.reviewed_at;
  return {
    name: text(profile?.name) ?? fallbackName ?? 'Name not given',
    verifiedOn: verified ? dhakaDate(verification.reviewed_at!) : null,
    idDocument: nid ? { kind: 'National ID', last4: nid } : passport ? { kind: 'Passport', last4: passport } : null,
  };
}

/**
 * The terms of an accepted agreement, from the records as they are inside `db` (the accepting transaction); null
 * when it has no repayment schedule (a donation-type proposal is not a Murabaha sale).
 */
export async function termsOfAgreement(db: Db, agreementId: string, acceptedAt: Date): Promise<AgreementTerms | null> {
  const agreement = await db.selectFrom('agreement_requests').selectAll().where('id', '=', agreementId).executeTakeFirstOrThrow();
  const instalments = await db.selectFrom('instalments').select(['seq', 'due_on', 'amount']).where('agreement_id', '=', agreementId).orderBy('seq').execute();
  if (instalments.length === 0) return null;
  const project = await db.selectFrom('projects').selectAll().where('id', '=', agreement.project_id).executeTakeFirstOrThrow();
  const p = project.data;
  const request = agreement.data;
  const investorName = text(request.investorName);
  const investorKind = text(request.investorType);
  const investor = await party(db, agreement.investor_id, investorName);
  const owner = await party(db, project.owner_id, text(p.name));
  // Proposed on behalf of an organisation: the organisation, represented by the verified person.
  const onBehalfOf = investorKind && investorKind !== 'Individual' && investorName && investorName !== investor.name ? { name: investorName, kind: investorKind } : null;
  const principal = fromPaisa(toPaisa(agreement.amount));
  const total = repaymentTotal(principal, project.markup_percent);
  return {
    version: 1,
    agreementId,
    number: agreementNumber(agreementId),
    acceptedAt: acceptedAt.toISOString(),
    acceptedOn: dhakaDate(acceptedAt),
    investor: { ...investor, onBehalfOf, address: text(request.investorAddress) },
    owner: { ...owner, onBehalfOf: null, address: text(p.offaddress) },
    project: agreementProject(project, p),
    principal,
    markupPercent: fromPaisa(toPaisa(project.markup_percent)),
    profit: fromPaisa(toPaisa(total) - toPaisa(principal)),
    total,
    returnType: project.return_type,
    tenorMonths: project.tenor_months,
    everyMonths: project.return_type === 'Recurring' ? project.returning_time : null,
    schedule: instalments.map((i) => ({ seq: i.seq, dueOn: String(i.due_on).slice(0, 10), amount: fromPaisa(toPaisa(i.amount)) })),
  };
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Makes and stores the document of an accepted agreement inside `trx`, once (a second call changes nothing).
 * Returns false when the agreement has no schedule and so no Murabaha document.
 */
export async function createAgreementDocument(trx: Transaction<DB>, agreementId: string, acceptedAt: Date): Promise<boolean> {
  const terms = await termsOfAgreement(trx, agreementId, acceptedAt);
  if (!terms) return false;
  const pdf = await renderAgreementPdf(terms);
  await trx
    .insertInto('agreement_documents')
    .values({ agreement_id: agreementId, number: terms.number, terms: JSON.stringify(terms), pdf, sha256: sha256(pdf) })
    .onConflict((oc) => oc.column('agreement_id').doNothing())
    .execute();
  return true;
}
