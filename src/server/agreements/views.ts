/**
 * What the API says of an agreement's document: its number, file name and address, its SHA-256 (the fingerprint
 * shown on the agreement's page and named by each consent), the statement each party ticks, and who consented when.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { consentStatement } from '../../shared/agreement/content';
import type { AgreementTerms } from '../../shared/agreement/terms';
import type { AgreementConsentView, AgreementDocumentView, ConsentParty } from '../../shared/api/views';

export type DocumentView = AgreementDocumentView;

export const documentFileName = (number: string) => `${number}-murabaha-agreement.pdf`;

/** The document views of agreements by id (those without a document are absent). */
export async function documentViews(db: Kysely<DB>, agreementIds: readonly string[]): Promise<Map<string, DocumentView>> {
  const out = new Map<string, DocumentView>();
  if (agreementIds.length === 0) return out;
  const [docs, consents] = await Promise.all([
    db.selectFrom('agreement_documents').select(['agreement_id', 'number', 'sha256', 'terms']).where('agreement_id', 'in', agreementIds).execute(),
    db.selectFrom('agreement_consents').selectAll().where('agreement_id', 'in', agreementIds).execute(),
  ]);
  for (const d of docs) {
    const terms = d.terms as unknown as AgreementTerms;
    const nameOf = (party: ConsentParty) => (party === 'investor' ? terms.investor.name : terms.owner.name);
    const consentOf = (party: ConsentParty): AgreementConsentView | null => {
      const c = consents.find((x) => x.agreement_id === d.agreement_id && x.party === party);
      return c ? { party, name: nameOf(party), sha256: c.sha256, statement: c.statement, at: c.consented_at.toISOString() } : null;
    };
    out.set(d.agreement_id, {
      number: d.number,
      fileName: documentFileName(d.number),
      path: `/agreement-requests/${d.agreement_id}/document.pdf`,
      sha256: d.sha256,
      statements: { investor: consentStatement('investor', terms), owner: consentStatement('owner', terms) },
      consents: { investor: consentOf('investor'), owner: consentOf('owner') },
    });
  }
  return out;
}
