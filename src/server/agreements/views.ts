/**
 * What the API says of an agreement's document: its number, file name and address, its SHA-256 (the fingerprint
 * shown on the agreement's page and named by each consent), the statement each party ticks, and who consented when.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { consentStatement } from '../../shared/agreement/content';
import type { AgreementTerms } from '../../shared/agreement/terms';
import type { AgreementConsentView, AgreementDocumentView, ConsentParty } from '../../shared/api/views';
import { dateTime, object, string } from '../routes/schemas';

export type DocumentView = AgreementDocumentView;

export const documentFileName = (number: string) => `${number}-murabaha-agreement.pdf`;

/**
 * An agreement's document with its consents as one JSON value (null before there is one), for a query of
 * `agreement_requests as a`: a page of agreements carries its documents in its own round trip (primary-key lookups).
 */
export const documentJson = sql<DocumentRow | null>`(
  SELECT json_build_object(
    'number', d.number, 'sha256', d.sha256, 'terms', d.terms,
    'consents', coalesce((SELECT json_agg(json_build_object('party', c.party, 'sha256', c.sha256, 'statement', c.statement, 'at', c.consented_at))
                            FROM agreement_consents c WHERE c.agreement_id = d.agreement_id), '[]'::json))
  FROM agreement_documents d WHERE d.agreement_id = a.id)`;

/** What `documentJson` gives for one agreement. */
export interface DocumentRow {
  number: string;
  sha256: string;
  terms: AgreementTerms;
  consents: { party: ConsentParty; sha256: string; statement: string; at: string }[];
}

/** A party's consent (AgreementConsentView). */
export const consentSchema = object({
  party: { type: 'string', enum: ['investor', 'owner'] },
  name: string,
  sha256: string,
  statement: string,
  at: dateTime,
});

/** The schema of documentView's answer. */
export const documentSchema = object({
  number: string,
  fileName: string,
  path: { ...string, description: 'Under /api/v1; needs the session.' },
  sha256: string,
  statements: object({ investor: string, owner: string }),
  consents: object({ investor: { ...consentSchema, type: ['object', 'null'] }, owner: { ...consentSchema, type: ['object', 'null'] } }),
});

/** The view of one agreement's document from its `documentJson` value. */
export function documentView(agreementId: string, d: DocumentRow | null): DocumentView | null {
  if (!d) return null;
  const { terms } = d;
  const nameOf = (party: ConsentParty) => (party === 'investor' ? terms.investor.name : terms.owner.name);
  const consentOf = (party: ConsentParty): AgreementConsentView | null => {
    const c = d.consents.find((x) => x.party === party);
    return c ? { party, name: nameOf(party), sha256: c.sha256, statement: c.statement, at: new Date(c.at).toISOString() } : null;
  };
  return {
    number: d.number,
    fileName: documentFileName(d.number),
    path: `/agreement-requests/${agreementId}/document.pdf`,
    sha256: d.sha256,
    statements: { investor: consentStatement('investor', terms), owner: consentStatement('owner', terms) },
    consents: { investor: consentOf('investor'), owner: consentOf('owner') },
  };
}

/** The document views of agreements by id, in one query (those without a document are absent). */
export async function documentViews(db: Kysely<DB>, agreementIds: readonly string[]): Promise<Map<string, DocumentView>> {
  const out = new Map<string, DocumentView>();
  if (agreementIds.length === 0) return out;
  const rows = await db.selectFrom('agreement_requests as a').select(['a.id', documentJson.as('document')]).where('a.id', 'in', agreementIds).execute();
  for (const r of rows) {
    const view = documentView(r.id, r.document);
    if (view) out.set(r.id, view);
  }
  return out;
}
