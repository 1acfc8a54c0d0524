/**
 * Agreement requests: an investor's proposal to an open project; the owner accepts (with the acceptance form's
 * documents) or declines (with a reason); the investor may withdraw while pending. Each outcome is final and is
 * decided under a row lock, so racing clicks never count money twice or move past a final state. Accepting an
 * investment creates its Murabaha repayment schedule and its agreement document (agreements/documents.ts); the
 * acceptance form's documents are optional evidence.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AgreementRequestsTable, AgreementStatus, DB } from '../db/schema';
import type { AgreementAcceptForm, AgreementRequestForm, DeclineForm } from '../../shared/generated/form-types';
import { currentUser } from '../plugins/auth';
import { conflict, fieldErrors, forbidden, notFound } from '../errors';
import { FORM_BODY_LIMIT } from '../limits';
import { decodeUploads, storeUploads } from '../files/store';
import { registerFileRule } from '../files/access';
import { audit } from '../audit';
import { noticeLinks, noticeSite, notify } from '../modules/notices/service';
import { closeIfEnded, lockOpenProject, notTaking, settleProject, visibleProject } from '../market/projects';
import { fromPaisa, toPaisa, formatMoney } from '../../shared/domain/money';
import { schedule } from '../../shared/domain/murabaha';
import { dhakaDate } from '../../shared/format/dhaka-calendar';
import { cancellableUntil, coolingOffEndsAt, notDueBeforeCoolingOff } from '../../shared/domain/cooling-off';
import { checkRetailLimits } from '../investors/retail-limits';
import { RISK_ACK_MISSING } from '../content/risk-statement';
import { figuresOf, termsOf } from '../market/figures';
import { newestPage, OWN_PAGE_QUERY } from '../market/cursor';
import { createAgreementDocument } from '../agreements/documents';
import { REPAID_TYPES } from '../portfolio/held';
import { profitParts } from '../../shared/domain/profit-parts';
import { documentJson, documentSchema, documentView, documentViews, type DocumentRow, type DocumentView } from '../agreements/views';
import { arrayOf, dateTime, dateTimeOrNull, freeForm, idParams, integer, integerOrNull, money, nextCursor, object, pageOf, string, stringOrNull, uuid, uuidOrNull } from './schemas';

/** Investment types that are repaid (a Donation is not). */
const REPAID = new Set<string>(REPAID_TYPES);

// The investor's documents are shared with the project's owner; the owner's acceptance documents with the investor.
registerFileRule('agreement_request', async (db, reader, subjectId) => {
  if (!reader) return false;
  const r = await db
    .selectFrom('agreement_requests as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select('p.owner_id')
    .where('a.id', '=', subjectId)
    .executeTakeFirst();
  return r?.owner_id === reader.id;
});
registerFileRule('agreement_accept', async (db, reader, subjectId) => {
  if (!reader) return false;
  const r = await db.selectFrom('agreement_requests').select('investor_id').where('id', '=', subjectId).executeTakeFirst();
  return r?.investor_id === reader.id;
});

function documentsOf(doc: unknown): { description: string; fileId: string | null }[] {
  const docs = (doc as { documents?: { description?: string; file?: string }[] } | null)?.documents ?? [];
  return docs.map((d) => ({ description: d.description ?? '', fileId: d.file?.startsWith('file:') ? d.file.slice(5) : null }));
}

const documentRefSchema = object({ description: string, fileId: uuidOrNull, fileName: stringOrNull });

/** The schema of agreementView's answer. */
export const agreementSchema = object({
  id: uuid,
  projectId: uuid,
  status: { type: 'string', enum: ['pending', 'accepted', 'declined', 'withdrawn', 'expired', 'cancelled'] },
  investDate: stringOrNull,
  investorType: stringOrNull,
  investorName: stringOrNull,
  investorAddress: stringOrNull,
  amount: money,
  currency: { type: 'string', enum: ['BDT'] },
  investmentType: string,
  documents: arrayOf(documentRefSchema),
  acceptanceDocuments: arrayOf(documentRefSchema),
  declineReason: stringOrNull,
  // Free-form: the stored agreement-request and agreement-accept forms, in the fields of the form versions they were
  // validated with (formVersion, acceptanceFormVersion); the browser shows them from those versions' schemas.
  data: freeForm('The stored agreement-request form (its version: formVersion).'),
  acceptance: { ...freeForm('The stored agreement-accept form (its version: acceptanceFormVersion); null until accepted.'), type: ['object', 'null'] },
  formVersion: integer,
  acceptanceFormVersion: integerOrNull,
  decidedAt: dateTimeOrNull,
  cancelledAt: dateTimeOrNull,
  cancelReason: { type: ['string', 'null'], enum: ['cooling_off', 'goal_not_reached', null] },
  createdAt: dateTime,
  document: { ...documentSchema, type: ['object', 'null'] },
});

/** A proposal card: what the owner and the investor see of a request. */
export function agreementView(row: Selectable<AgreementRequestsTable>, fileNames: Map<string, string> = new Map(), documents: Map<string, DocumentView> = new Map()) {
  const d = row.data as Partial<AgreementRequestForm>;
  const withNames = (list: ReturnType<typeof documentsOf>) =>
    list.map((x) => ({ ...x, fileName: x.fileId ? (fileNames.get(x.fileId) ?? null) : null }));
  return {
    id: row.id,
    projectId: row.project_id,
    status: row.status,
    investDate: d.investDate ?? null,
    investorType: d.investorType ?? null,
    investorName: d.investorName ?? null,
    investorAddress: d.investorAddress ?? null,
    amount: row.amount,
    currency: 'BDT',
    investmentType: row.investment_type,
    documents: withNames(documentsOf(row.data)),
    acceptanceDocuments: withNames(documentsOf(row.acceptance)),
    declineReason: row.decline_reason,
    /** The stored request and acceptance forms, shown from their schemas by the browser's read-only view. */
    data: row.data as Record<string, unknown>,
    acceptance: (row.acceptance ?? null) as Record<string, unknown> | null,
    formVersion: row.form_version,
    acceptanceFormVersion: row.acceptance_form_version,
    decidedAt: row.decided_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at.toISOString(),
    /** The Murabaha agreement document, once accepted (null for a donation-type proposal, which has no schedule). */
    document: documents.get(row.id) ?? null,
  };
}

/** The file names and agreement documents a page of rows shows (read in `db`: a transaction's own when in one). */
export async function viewsFor(db: Kysely<DB>, rows: Selectable<AgreementRequestsTable>[]): Promise<[Map<string, string>, Map<string, DocumentView>]> {
  const accepted = rows.filter((r) => r.status === 'accepted').map((r) => r.id);
  return Promise.all([fileNamesFor(db, rows), documentViews(db, accepted)]);
}

/** The same for a page whose query selected `documentJson` as `document_json`: only the file names are read. */
async function pageViews(app: FastifyInstance, rows: (Selectable<AgreementRequestsTable> & { document_json: DocumentRow | null })[]): Promise<[Map<string, string>, Map<string, DocumentView>]> {
  const documents = new Map<string, DocumentView>();
  for (const r of rows) {
    const view = documentView(r.id, r.document_json);
    if (view) documents.set(r.id, view);
  }
  return [await fileNamesFor(app.db, rows), documents];
}

async function fileNamesFor(db: Kysely<DB>, rows: Selectable<AgreementRequestsTable>[]): Promise<Map<string, string>> {
  const ids = rows.flatMap((r) => [...documentsOf(r.data), ...documentsOf(r.acceptance)]).map((d) => d.fileId).filter((x): x is string => Boolean(x));
  if (ids.length === 0) return new Map();
  const files = await db.selectFrom('files').select(['id', 'file_name']).where('id', 'in', ids).execute();
  return new Map(files.map((f) => [f.id, f.file_name]));
}

export default async function agreementRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string }; Body: AgreementRequestForm }>(
    '/projects/:id/agreement-requests',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { tags: ['agreements'], security: [{ bearer: [] }], params: idParams, body: { $ref: 'agreement-request#' }, response: { 201: agreementSchema } },
      onRequest: app.requireUser,
      config: { idempotent: true },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await closeIfEnded(app.db, request.params.id, noticeSite(app.config));
      const { row: project } = await visibleProject(app.db, request.params.id, me);
      if (project.owner_id === me.id) throw forbidden('You cannot send an agreement request to your own project.');
      if (project.status !== 'open') throw notTaking('agreement requests', project.status);
      if (toPaisa(request.body.investmentAmount) < toPaisa(project.min_investment)) {
        throw fieldErrors([
          { path: '/investmentAmount', message: `The minimum investment in this project is ${formatMoney(project.min_investment)}` },
        ]);
      }
      const decoded = decodeUploads(request.formSchema!, request.body);
      // The statement's current version, read before the transaction (it reads the site content outside it: on
      // PGlite's one connection a read beside an open transaction would wait for it).
      const riskVersion = app.config.riskAckRequired ? (await app.riskStatement.current()).version : null;
      // The request, its notice and the answer in one transaction: once it commits, nothing can turn it into an
      // error (with an Idempotency-Key, a repeat gets this answer back instead of a second request).
      const answer = await app.writeOnce(request, reply, 201, async (trx) => {
        // Without an acknowledgment of the current risk statement: refused before anything is stored (issue 31 §4).
        if (riskVersion !== null && !(await app.riskStatement.acknowledgedAt(trx, me.id, riskVersion))) throw conflict(RISK_ACK_MISSING);
        // Over a retail limit: refused before anything is stored, under a lock on the investor (issue 31 §1).
        await checkRetailLimits(trx, app.config, me.id, project.id, fromPaisa(toPaisa(request.body.investmentAmount)), request.body.investmentType, app.now());
        // Still open now that this transaction holds the project (it may have closed since the check above).
        await lockOpenProject(trx, project.id, 'agreement requests');
        const created = await trx
          .insertInto('agreement_requests')
          .values({
            project_id: project.id,
            investor_id: me.id,
            status: 'pending',
            data: JSON.stringify({}),
            form_version: request.formVersion!,
            amount: fromPaisa(toPaisa(request.body.investmentAmount)),
            investment_type: request.body.investmentType,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const doc = await storeUploads(trx, me.id, decoded, { type: 'agreement_request', id: created.id });
        await notify(
          trx,
          {
            userId: project.owner_id,
            kind: 'proposal_received',
            title: { en: `A new proposal for "${project.title}"`, bn: `"${project.title}" প্রকল্পের জন্য নতুন প্রস্তাব` },
            text: {
              en: `An investor proposes ${formatMoney(request.body.investmentAmount)} (${request.body.investmentType}) for your project. Open its proposals to accept or decline.`,
              bn: `একজন বিনিয়োগকারী আপনার প্রকল্পে ${formatMoney(request.body.investmentAmount, 'bn')} (${request.body.investmentType}) বিনিয়োগের প্রস্তাব দিয়েছেন। গ্রহণ বা প্রত্যাখ্যান করতে প্রকল্পের প্রস্তাবগুলো খুলুন।`,
            },
            link: noticeLinks.proposals(project.id),
          },
          noticeSite(app.config),
        );
        const row = await trx.updateTable('agreement_requests').set({ data: JSON.stringify(doc) }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
        return agreementView(row, await fileNamesFor(trx, [row]));
      });
      app.mail.kick();
      return answer;
    },
  );

  app.get<{ Params: { id: string }; Querystring: { cursor?: string; limit: number; status?: AgreementStatus } }>(
    '/projects/:id/agreement-requests',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: "The project's proposal cards (owner and staff), newest first, a page at a time; `status` keeps one state. `waiting` counts all pending ones.",
        params: idParams,
        querystring: { ...OWN_PAGE_QUERY, properties: { status: { type: 'string', enum: ['pending', 'accepted', 'declined', 'withdrawn', 'expired', 'cancelled'] }, ...OWN_PAGE_QUERY.properties } },
        response: {
          200: object({
            project: object({ id: uuid, title: string, status: string }),
            totalInvestors: integer,
            backers: integer,
            waiting: integer,
            items: arrayOf(agreementSchema),
            nextCursor,
          }),
        },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const { row: project } = await visibleProject(app.db, request.params.id, me);
      if (project.owner_id !== me.id && !me.isStaff) throw notFound('This project');
      const { cursor, limit, status } = request.query;
      // On the project's index (project_id, created_at, id); the pending ones counted on (project_id, status).
      let query = app.db
        .selectFrom('agreement_requests as a')
        .selectAll('a')
        .select([sql<string>`a.created_at::text`.as('created_key'), documentJson.as('document_json')])
        .where('a.project_id', '=', project.id);
      if (status) query = query.where('a.status', '=', status);
      const [{ shown, nextCursor }, pending] = await Promise.all([
        newestPage(query, 'a', cursor, limit),
        app.db.selectFrom('agreement_requests').select(sql<number>`count(*)::int`.as('n')).where('project_id', '=', project.id).where('status', '=', 'pending').executeTakeFirstOrThrow(),
      ]);
      const rows = shown.map(({ created_key: _k, ...r }) => r);
      const [names, documents] = await pageViews(app, rows);
      // The project's own figures (market/figures.ts), so this page and the project page can never disagree.
      const figures = figuresOf(project);
      return {
        project: { id: project.id, title: project.title, status: project.status },
        totalInvestors: figures.investors,
        backers: figures.backers,
        waiting: Number(pending.n),
        items: rows.map((r) => agreementView(r, names, documents)),
        nextCursor,
      };
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/agreement-requests',
    {
      schema: {
        tags: ['agreements'],
        security: [{ bearer: [] }],
        description: 'The agreement requests I sent, newest first, a page at a time (`nextCursor` asks for the next one).',
        querystring: OWN_PAGE_QUERY,
        response: {
          200: pageOf(
            object({ ...agreementSchema.properties, projectTitle: string, cancellableUntil: { ...dateTimeOrNull, description: 'Until when I may still cancel it (cooling-off); null when I may not.' } }),
          ),
        },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the investor's index (investor_id, created_at, id): each page an indexed read from where the last ended.
      const query = app.db
        .selectFrom('agreement_requests as a')
        .innerJoin('projects as p', 'p.id', 'a.project_id')
        .selectAll('a')
        .select(['p.title as project_title', sql<string>`a.created_at::text`.as('created_key'), documentJson.as('document_json')])
        .where('a.investor_id', '=', me.id);
      const { shown, nextCursor } = await newestPage(query, 'a', request.query.cursor, request.query.limit);
      const [names, documents] = await pageViews(app, shown);
      const now = app.now();
      return {
        items: shown.map(({ created_key: _k, ...r }) => ({
          ...agreementView(r, names, documents),
          projectTitle: r.project_title,
          cancellableUntil: cancellableUntil(r.status, r.decided_at, now, app.config.coolingOffHours),
        })),
        nextCursor,
      };
    },
  );

  /**
   * Moves a pending request to a final state under a row lock. `who` says whose move it is; anyone else gets
   * 404 (they must not learn it exists). Returns the answer: the updated row's card, made in the same transaction,
   * so a decision that committed is never answered with an error.
   */
  async function decide(
    requestId: string,
    actorId: string,
    who: 'owner' | 'investor',
    to: Exclude<AgreementStatus, 'pending'>,
    apply: (
      trx: Transaction<DB>,
      row: Selectable<AgreementRequestsTable>,
      now: Date,
    ) => Promise<Partial<Record<'acceptance' | 'decline_reason', string>> & { acceptance_form_version?: number }>,
  ) {
    const view = async (trx: Transaction<DB>, row: Selectable<AgreementRequestsTable>) => agreementView(row, ...(await viewsFor(trx, [row])));
    // One moment for the whole decision: the stored decided_at and the schedule's acceptance date agree.
    const now = app.now();
    const target = await app.db.selectFrom('agreement_requests').select('project_id').where('id', '=', requestId).executeTakeFirst();
    if (target) await closeIfEnded(app.db, target.project_id, noticeSite(app.config), now);
    const decided = await app.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('agreement_requests').selectAll().where('id', '=', requestId).forNoKeyUpdate().executeTakeFirst();
      if (!row) throw notFound('This agreement request');
      // Locked (always agreement row first, then project row) so a project that closes or gets funded meanwhile is seen;
      // FOR NO KEY UPDATE, so inserts that only point at these rows (their foreign key checks) are not held up by it.
      const project = await trx.selectFrom('projects').select(['owner_id', 'status', 'title']).where('id', '=', row.project_id).forNoKeyUpdate().executeTakeFirstOrThrow();
      const allowed = who === 'owner' ? project.owner_id === actorId : row.investor_id === actorId;
      if (!allowed) throw notFound('This agreement request');
      if (row.status !== 'pending') throw conflict(`This request was already ${row.status}; that is final.`);
      if (to === 'accepted' && project.status !== 'open') {
        throw conflict(`The project is ${project.status.replace('_', ' ')}, so it can no longer accept requests. Decline this one instead.`);
      }
      const extra = await apply(trx, row, now);
      const updated = await trx
        .updateTable('agreement_requests')
        .set({ status: to, decided_at: now, ...extra })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, { actorId, action: `agreement.${to === 'accepted' ? 'accept' : to === 'declined' ? 'decline' : 'withdraw'}`, subjectType: 'agreement_request', subjectId: row.id, before: 'pending', after: to, note: extra.decline_reason ?? null });
      // Accepted money counts now, in the same transaction, under the project's row lock.
      if (to === 'accepted') await settleProject(trx, row.project_id, actorId);
      // The other party is told: the investor of the owner's decision, the owner of a withdrawal.
      const amount = { en: formatMoney(row.amount), bn: formatMoney(row.amount, 'bn') };
      await notify(
        trx,
        to === 'withdrawn'
          ? {
              userId: project.owner_id,
              kind: 'proposal_decided',
              title: { en: `A proposal for "${project.title}" was withdrawn`, bn: `"${project.title}" প্রকল্পের একটি প্রস্তাব প্রত্যাহার করা হয়েছে` },
              text: { en: `The investor withdrew their proposal of ${amount.en}.`, bn: `বিনিয়োগকারী তাঁর ${amount.bn}-এর প্রস্তাব প্রত্যাহার করেছেন।` },
              link: noticeLinks.proposals(row.project_id),
            }
          : {
              userId: row.investor_id,
              kind: 'proposal_decided',
              title: {
                en: `Your proposal for "${project.title}" was ${to}`,
                bn: `"${project.title}" প্রকল্পে আপনার প্রস্তাব ${to === 'accepted' ? 'গৃহীত হয়েছে' : 'প্রত্যাখ্যাত হয়েছে'}`,
              },
              text:
                to === 'accepted'
                  ? { en: `The owner accepted your proposal of ${amount.en}.`, bn: `মালিক আপনার ${amount.bn}-এর প্রস্তাব গ্রহণ করেছেন।` }
                  : {
                      en: `The owner declined your proposal of ${amount.en}. Their reason: ${extra.decline_reason ?? ''}`,
                      bn: `মালিক আপনার ${amount.bn}-এর প্রস্তাব প্রত্যাখ্যান করেছেন। তাঁর কারণ: ${extra.decline_reason ?? ''}`,
                    },
              link: noticeLinks.history(),
            },
        noticeSite(app.config),
      );
      return view(trx, updated);
    });
    app.mail.kick();
    return decided;
  }

  app.post<{ Params: { id: string }; Body: AgreementAcceptForm }>(
    '/agreement-requests/:id/accept',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: { tags: ['agreements'], security: [{ bearer: [] }], params: idParams, body: { $ref: 'agreement-accept#' }, response: { 200: agreementSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const decoded = decodeUploads(request.formSchema!, request.body);
      return decide(request.params.id, me.id, 'owner', 'accepted', async (trx, pending, now) => {
        // One instant (decide's) for the decision, the schedule and the document's date.
        const doc = await storeUploads(trx, me.id, decoded, { type: 'agreement_accept', id: pending.id });
        const project = await trx.selectFrom('projects').selectAll().where('id', '=', pending.project_id).executeTakeFirstOrThrow();
        if (REPAID.has(pending.investment_type)) {
          // The project's terms, its initial instalment included (this investor's share of it comes first), due dates
          // counted from the Dhaka date of acceptance: accepted at 02:30 in Dhaka (20:30 UTC the day before) is that day.
          // No instalment is due before the cooling-off window ends (DOMAIN.md "Investor protections").
          const instalments = notDueBeforeCoolingOff(
            schedule(pending.amount, termsOf(project), dhakaDate(now)),
            dhakaDate(coolingOffEndsAt(now, app.config.coolingOffHours)),
          );
          // Each instalment's profit part (DOMAIN.md), kept with it: the portfolio sums them.
          const amounts = instalments.map((i) => toPaisa(i.amount));
          const parts = profitParts(toPaisa(pending.amount), amounts.reduce((sum, a) => sum + a, 0n), amounts);
          await trx
            .insertInto('instalments')
            .values(
              instalments.map((i, k) => ({
                agreement_id: pending.id,
                project_id: project.id,
                owner_id: project.owner_id,
                investor_id: pending.investor_id,
                seq: i.seq,
                due_on: i.dueOn,
                amount: i.amount,
                profit_part: fromPaisa(parts[k]!.profit),
                status: 'due' as const,
              })),
            )
            .execute();
          // The Murabaha agreement both parties download and consent to, made from these terms, in this transaction.
          await createAgreementDocument(trx, pending.id, now);
        }
        return { acceptance: JSON.stringify(doc), acceptance_form_version: request.formVersion! };
      });
    },
  );

  app.post<{ Params: { id: string }; Body: DeclineForm }>(
    '/agreement-requests/:id/decline',
    { schema: { tags: ['agreements'], security: [{ bearer: [] }], params: idParams, body: { $ref: 'decline#' }, response: { 200: agreementSchema } }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      return decide(request.params.id, me.id, 'owner', 'declined', async () => ({ decline_reason: request.body.reason.trim() }));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/agreement-requests/:id/withdraw',
    { schema: { tags: ['agreements'], security: [{ bearer: [] }], params: idParams, response: { 200: agreementSchema } }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      return decide(request.params.id, me.id, 'investor', 'withdrawn', async () => ({}));
    },
  );
}
