/**
 * Agreement requests: an investor's proposal to an open project (with the agreement-request form's documents), and
 * the pages of proposals its owner and its investor read. Deciding them is decisions.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AgreementStatus, DB } from '../../db/schema';
import type { AgreementRequestForm } from '../../../shared/generated/form-types';
import type { SessionUser } from '../../plugins/auth';
import type { WriteOnce } from '../../plugins/idempotency';
import type { JsonSchema } from '../../../shared/forms/catalog';
import { fieldErrors, forbidden, notFound } from '../../errors';
import { decodeUploads, storeUploads } from '../../files/store';
import { registerFileRule } from '../../files/access';
import { noticeLinks, noticeSite, notify } from '../notices/service';
import { closeIfEnded, lockOpenProject, notTaking, visibleProject } from '../projects/service';
import { figuresOf } from '../projects/service';
import { checkRetailLimits } from '../investors/service';
import { requireRiskAcknowledgment, riskVersionRequired } from '../content/service';
import { fromPaisa, toPaisa, formatMoney } from '../../../shared/domain/money';
import { cancellableUntil } from '../../../shared/domain/cooling-off';
import { documentViews } from './documents';
import { fileNames, insertRequest, investorOf, investorRequestsPage, projectOwnerOf, projectRequestsPage, setRequestData, type AgreementPageRow, type AgreementRow } from './queries/requests';
import { agreementView, documentsOf, documentView, type DocumentView } from './views';

// The investor's documents are shared with the project's owner; the owner's acceptance documents with the investor.
registerFileRule('agreement_request', async (db, reader, subjectId) => Boolean(reader) && (await projectOwnerOf(db, subjectId)) === reader!.id);
registerFileRule('agreement_accept', async (db, reader, subjectId) => Boolean(reader) && (await investorOf(db, subjectId)) === reader!.id);

function fileNamesFor(db: Kysely<DB>, rows: AgreementRow[]): Promise<Map<string, string>> {
  const ids = rows.flatMap((r) => [...documentsOf(r.data), ...documentsOf(r.acceptance)]).map((d) => d.fileId).filter((x): x is string => Boolean(x));
  return fileNames(db, ids);
}

/** The file names and agreement documents a page of rows shows (read in `db`: a transaction's own when in one). */
export async function viewsFor(db: Kysely<DB>, rows: AgreementRow[]): Promise<[Map<string, string>, Map<string, DocumentView>]> {
  const accepted = rows.filter((r) => r.status === 'accepted').map((r) => r.id);
  return Promise.all([fileNamesFor(db, rows), documentViews(db, accepted)]);
}

/** One request's card, read in `db`. */
export async function cardOf(db: Kysely<DB>, row: AgreementRow) {
  return agreementView(row, ...(await viewsFor(db, [row])));
}

/** The cards of a page whose query selected its documents (`document_json`): only the file names are read. */
async function pageCards<R extends AgreementPageRow>(db: Kysely<DB>, rows: R[]) {
  const documents = new Map<string, DocumentView>();
  for (const r of rows) {
    const view = documentView(r.id, r.document_json);
    if (view) documents.set(r.id, view);
  }
  const names = await fileNamesFor(db, rows);
  return rows.map((r) => ({ row: r, card: agreementView(r, names, documents) }));
}

/**
 * An investor's proposal to an open project: refused to its owner, below its minimum, over a retail limit or without
 * the current risk statement acknowledged. The request, the owner's notice and the answer in one transaction
 * (`writeOnce`, the route's: with an Idempotency-Key, a repeat gets this answer back instead of a second request).
 */
export async function sendRequest(app: FastifyInstance, projectId: string, body: AgreementRequestForm, form: { schema: JsonSchema; version: number }, me: SessionUser, writeOnce: WriteOnce) {
  await closeIfEnded(app.db, projectId, noticeSite(app.config));
  const { row: project } = await visibleProject(app.db, projectId, me);
  if (project.owner_id === me.id) throw forbidden('You cannot send an agreement request to your own project.');
  if (project.status !== 'open') throw notTaking('agreement requests', project.status);
  if (toPaisa(body.investmentAmount) < toPaisa(project.min_investment)) {
    throw fieldErrors([{ path: '/investmentAmount', message: `The minimum investment in this project is ${formatMoney(project.min_investment)}` }]);
  }
  const decoded = decodeUploads(form.schema, body);
  // The statement's current version, read before the transaction (it reads the site content outside it: on
  // PGlite's one connection a read beside an open transaction would wait for it).
  const riskVersion = await riskVersionRequired(app);
  // Once it commits, nothing can turn it into an error.
  const answer = await writeOnce(async (trx) => {
    // Without an acknowledgment of the current risk statement: refused before anything is stored (issue 31 §4).
    if (riskVersion !== null) await requireRiskAcknowledgment(app, trx, me.id, riskVersion);
    const amount = fromPaisa(toPaisa(body.investmentAmount));
    // Over a retail limit: refused before anything is stored, under a lock on the investor (issue 31 §1).
    await checkRetailLimits(trx, app.config, me.id, project.id, amount, body.investmentType, app.now());
    // Still open now that this transaction holds the project (it may have closed since the check above).
    await lockOpenProject(trx, project.id, 'agreement requests');
    const created = await insertRequest(trx, {
      project_id: project.id,
      investor_id: me.id,
      status: 'pending',
      data: JSON.stringify({}),
      form_version: form.version,
      amount,
      investment_type: body.investmentType,
    });
    const doc = await storeUploads(trx, me.id, decoded, { type: 'agreement_request', id: created.id });
    await notify(
      trx,
      {
        userId: project.owner_id,
        kind: 'proposal_received',
        title: { en: `A new proposal for "${project.title}"`, bn: `"${project.title}" প্রকল্পের জন্য নতুন প্রস্তাব` },
        text: {
          en: `An investor proposes ${formatMoney(body.investmentAmount)} (${body.investmentType}) for your project. Open its proposals to accept or decline.`,
          bn: `একজন বিনিয়োগকারী আপনার প্রকল্পে ${formatMoney(body.investmentAmount, 'bn')} (${body.investmentType}) বিনিয়োগের প্রস্তাব দিয়েছেন। গ্রহণ বা প্রত্যাখ্যান করতে প্রকল্পের প্রস্তাবগুলো খুলুন।`,
        },
        link: noticeLinks.proposals(project.id),
      },
      noticeSite(app.config),
    );
    const row = await setRequestData(trx, created.id, doc);
    return agreementView(row, await fileNamesFor(trx, [row]));
  });
  app.mail.kick();
  return answer;
}

/** A project's proposal cards for its owner and staff, a page at a time, with its figures and how many wait. */
export async function projectRequests(app: FastifyInstance, projectId: string, me: SessionUser, query: { cursor?: string; limit: number; status?: AgreementStatus }) {
  const { row: project } = await visibleProject(app.db, projectId, me);
  if (project.owner_id !== me.id && !me.isStaff) throw notFound('This project');
  const page = await projectRequestsPage(app.db, project.id, query.status, query.cursor, query.limit);
  const cards = await pageCards(app.db, page.rows);
  // The project's own figures (modules/projects/figures.ts), so this page and the project page can never disagree.
  const figures = figuresOf(project);
  return {
    project: { id: project.id, title: project.title, status: project.status },
    totalInvestors: figures.investors,
    backers: figures.backers,
    waiting: page.pending,
    items: cards.map((c) => c.card),
    nextCursor: page.nextCursor,
  };
}

/** The requests an investor sent, a page at a time, each with until when it may be cancelled. */
export async function myRequests(app: FastifyInstance, me: SessionUser, query: { cursor?: string; limit: number }) {
  const page = await investorRequestsPage(app.db, me.id, query.cursor, query.limit);
  const now = app.now();
  return {
    items: (await pageCards(app.db, page.rows)).map(({ row, card }) => ({
      ...card,
      projectTitle: row.project_title,
      cancellableUntil: cancellableUntil(row.status, row.decided_at, now, app.config.coolingOffHours),
    })),
    nextCursor: page.nextCursor,
  };
}
