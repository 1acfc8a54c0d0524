/**
 * The agreement document of an accepted Murabaha agreement: its terms are gathered from the records (the parties
 * as the platform knows them, the project's goods and purpose, the money, the stored schedule), drawn as a PDF and
 * stored with its SHA-256 in `agreement_documents` (migration 020) in the transaction that accepts the proposal.
 * The stored bytes are what both parties download and consent to, so a later change to a profile, a project or the
 * PDF library never changes a document someone agreed to. Reading it and consenting to it: the investor, the
 * project's owner and staff may read; only the two parties consent; anyone else gets 404, as if it did not exist.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { conflict, forbidden, notFound } from '../../errors';
import { audit } from '../../audit';
import { agreementNumber, agreementProject, answerText as text, lastFour, type AgreementParty, type AgreementTerms } from '../../../shared/agreement/terms';
import { consentStatement } from '../../../shared/agreement/content';
import type { ConsentParty } from '../../../shared/api/views';
import { dhakaDate } from '../../../shared/format/dhaka-calendar';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { repaymentTotal } from '../../../shared/domain/murabaha';
import { renderAgreementPdf } from './pdf';
import { agreementRecords, documentRows, documentToConsent, insertConsent, insertDocument, partyRecords } from './queries/documents';
import { requestWithProject } from './queries/requests';
import { documentView, type DocumentView } from './views';

type Db = Kysely<DB> | Transaction<DB>;

/** A user as the document names them: profile name, and the identity staff verified (last four characters only). */
export async function party(db: Db, userId: string, fallbackName: string | null): Promise<Omit<AgreementParty, 'onBehalfOf' | 'address'>> {
  const [profile, verification] = await partyRecords(db, userId);
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
async function termsOfAgreement(db: Db, agreementId: string, acceptedAt: Date): Promise<AgreementTerms | null> {
  const records = await agreementRecords(db, agreementId);
  if (!records) return null;
  const { agreement, instalments, project } = records;
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

function sha256(bytes: Uint8Array): string {
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
  await insertDocument(trx, { agreement_id: agreementId, number: terms.number, terms: JSON.stringify(terms), pdf, sha256: sha256(pdf) });
  return true;
}

/** The document views of agreements by id, in one query (those without a document are absent). */
export async function documentViews(db: Kysely<DB>, agreementIds: readonly string[]): Promise<Map<string, DocumentView>> {
  const out = new Map<string, DocumentView>();
  if (agreementIds.length === 0) return out;
  for (const r of await documentRows(db, agreementIds)) {
    const view = documentView(r.id, r.document);
    if (view) out.set(r.id, view);
  }
  return out;
}

/** The agreement request and the reader's part in it; 404 for anyone who is neither party nor staff. */
export async function readableAgreement(db: Kysely<DB>, id: string, me: SessionUser) {
  const row = await requestWithProject(db, id);
  const party: ConsentParty | null = row?.investor_id === me.id ? 'investor' : row?.owner_id === me.id ? 'owner' : null;
  if (!row || (!party && !me.isStaff)) throw notFound('This agreement');
  const { owner_id: _o, project_title: projectTitle, ...agreement } = row;
  return { agreement, projectTitle, party };
}

/** Why an agreement has no document to read or agree to. */
export function noDocument(status: string, investmentType: string): Error {
  if (status !== 'accepted') return conflict(`This proposal is ${status}: its agreement is made only when the owner accepts it.`);
  if (investmentType === 'Donation') return conflict('This is a donation: there is no Murabaha agreement to download or agree to.');
  return conflict('The agreement document is still being prepared. Please try again in a minute.');
}

/**
 * Records the signed-in party's consent to the document whose SHA-256 they name (409 when it is not this
 * agreement's). Once per party: `created` is false when they had consented before, with that first consent.
 */
export async function consent(db: Kysely<DB>, id: string, me: SessionUser, fingerprint: string) {
  const { agreement, party } = await readableAgreement(db, id, me);
  if (!party) throw forbidden('Only the investor and the project owner consent to an agreement.');
  return db.transaction().execute(async (trx) => {
    const doc = await documentToConsent(trx, agreement.id);
    if (!doc) throw noDocument(agreement.status, agreement.investment_type);
    if (doc.sha256 !== fingerprint) {
      throw conflict(
        'That is not the fingerprint of this agreement’s document, so nothing was recorded. Reload the page, read the agreement shown there, and agree again.',
      );
    }
    const statement = consentStatement(party, doc.terms as unknown as AgreementTerms);
    const inserted = await insertConsent(trx, { agreement_id: agreement.id, party, user_id: me.id, sha256: doc.sha256, statement });
    if (inserted) {
      await audit(trx, { actorId: me.id, action: `agreement.consent.${party}`, subjectType: 'agreement_request', subjectId: agreement.id, before: null, after: 'consented', note: `SHA-256 ${doc.sha256}: ${statement}` });
    }
    // The answer is read in the transaction: a consent that committed is never answered with an error.
    const view = (await documentViews(trx, [agreement.id])).get(agreement.id)!;
    return { created: Boolean(inserted), consent: view.consents[party]! };
  });
}
