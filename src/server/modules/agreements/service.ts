/**
 * The agreements module's service: every state change of an agreement request, its schedule, its instalments, its
 * document and its late payments happens through these functions, each in its transaction. The routes call them;
 * another module or area uses the agreements only through this file (the app registers routes.ts, the job runner
 * runs jobs.ts).
 *
 * Where things are: proposals (requests.ts), decisions and cooling-off (decisions.ts), the repayment schedule made
 * at acceptance (schedule.ts), the agreement document and consents (documents.ts, pdf.ts), instalments and the
 * repayment record (returns.ts), late charges and default (late-payments.ts), staff's charity account (charity.ts),
 * the jobs (jobs.ts); the queries under queries/, the answers in views.ts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { documentFile, storedTerms } from './queries/documents';
import { noDocument, readableAgreement } from './documents';
import { viewsFor } from './requests';
import { agreementView, documentFileName } from './views';

export { myRequests, projectRequests, sendRequest } from './requests';
export { accept, cancel, decline, withdraw } from './decisions';
export { consent, party } from './documents';
export { confirmReceived, markPaid, repaymentRecord, scheduleOf } from './returns';
export { charityAccount, defaults, disburse, settle } from './charity';

/**
 * One agreement request as its investor, its project's owner or staff see it: the proposal card, the project's
 * title, the reader's part, and the terms its document was made from.
 */
export async function agreementPage(db: Kysely<DB>, id: string, me: SessionUser) {
  const { agreement, projectTitle, party } = await readableAgreement(db, id, me);
  const [names, documents] = await viewsFor(db, [agreement]);
  const terms = await storedTerms(db, agreement.id);
  return { ...agreementView(agreement, names, documents), projectTitle, viewerParty: party, terms };
}

/** The agreement's stored PDF (the same bytes on every download), with the file name it is sent as. */
export async function agreementPdf(db: Kysely<DB>, id: string, me: SessionUser) {
  const { agreement } = await readableAgreement(db, id, me);
  const doc = await documentFile(db, agreement.id);
  if (!doc) throw noDocument(agreement.status, agreement.investment_type);
  return { fileName: documentFileName(doc.number), sha256: doc.sha256, bytes: Buffer.from(doc.pdf) };
}
