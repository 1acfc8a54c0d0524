/**
 * Donations from the donate form: anyone (signed in or not) pledges to an open project with a payment method of the
 * amount's tier (the schema decides) and gets a receipt: the payment reference, how to pay that method, and "Pay now"
 * when the gateway serves it. Staff (or the gateway's verified callback) confirm when the money arrives. Pledged money
 * counts in "Pledged"; confirmed money in "Raised" and "Backers".
 *
 * A receipt has its own address (src/shared/donations/receipt-link.ts): the donation's id and its receipt key, a
 * random secret given only to the pledger (in the answer to the pledge and the receipt e-mail). GET /donations/:id
 * answers its donor when signed in, and whoever sends the key (`x-receipt-key`), then without the donor's name and
 * email; anyone else gets 404, as for a donation that does not exist.
 */
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DonationsTable } from '../db/schema';
import type { DonateForm } from '../../shared/generated/form-types';
import { currentUser, type SessionUser } from '../plugins/auth';
import { notFound } from '../errors';
import { closeIfEnded, lockOpenProject, notTaking, visibleProject } from '../market/projects';
import { fromPaisa, toPaisa, formatMoney } from '../../shared/domain/money';
import { withFreshReference } from '../payments/reference';
import { newestPage, OWN_PAGE_QUERY } from '../market/cursor';
import { RECEIPT_KEY_HEADER } from '../../shared/donations/receipt-link';
import { queueMail } from '../notices/notify';
import { receiptMail } from '../notices/receipt-mail';
import { absoluteLink, noticeLinks, siteOrigin, noticeSite } from '../notices/links';
import { boolean, dateTime, dateTimeOrNull, freeForm, idParams, integer, money, object, orNull, pageOf, string, stringOrNull, uuid } from './schemas';
import { instructionsSchema } from '../payments/instructions';
import type { Language } from '../../shared/i18n/language';

/** The receipt key a link holder sends (the page reads it from the address's fragment). */
export const receiptKeyHeaders = {
  type: 'object',
  properties: { [RECEIPT_KEY_HEADER]: { type: 'string', maxLength: 200, description: "The receipt key from the receipt's address (#key=…)." } },
} as const;

/** A new receipt key: 256 random bits, URL-safe. */
export function newReceiptKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a key sent matches the donation's, compared in constant time (both hashed first, so lengths match too). */
function keyMatches(stored: string, sent: string | undefined): boolean {
  if (!sent) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(stored), digest(sent));
}

const DONATION_STATUSES = ['pledged', 'confirmed', 'cancelled', 'refund_due', 'refunded'] as const;

/** The schema of donationView's answer (`email` and `name` only for staff). */
export const donationSchema = object(
  {
    id: uuid,
    reference: string,
    projectId: uuid,
    status: { type: 'string', enum: [...DONATION_STATUSES] },
    amount: money,
    currency: { type: 'string', enum: ['BDT'] },
    paymentMethod: string,
    anonymous: boolean,
    donorName: stringOrNull,
    formVersion: integer,
    createdAt: dateTime,
    decidedAt: dateTimeOrNull,
    note: stringOrNull,
    email: { ...stringOrNull, description: 'Staff only.' },
    name: { ...stringOrNull, description: 'Staff only.' },
  },
  ['email', 'name'],
);

/** The schema of receiptView's answer (and of a new pledge's, with its receipt key and message). */
export const receiptSchema = object(
  {
    ...donationSchema.properties,
    email: { ...stringOrNull, description: 'Only for its signed-in donor.' },
    projectTitle: string,
    instructions: orNull(instructionsSchema),
    payOnline: boolean,
    // Free-form: the stored donate form, in the fields of the version it was validated with (formVersion), shown
    // from that version's schema; without the donor's name and e-mail when the viewer is not the donor.
    data: freeForm('The stored donate form (its version: formVersion).'),
    receiptKey: { ...string, description: "Only in the answer to a new pledge: the secret of the receipt's own address." },
    message: { ...string, description: 'Only in the answer to a new pledge.' },
  },
  ['email', 'name', 'receiptKey', 'message'],
);

/** A donation as shown to its donor (and, with contact details, to staff). */
export function donationView(row: Selectable<DonationsTable>, forStaff = false) {
  const data = row.data as Partial<DonateForm>;
  return {
    id: row.id,
    reference: row.reference,
    projectId: row.project_id,
    status: row.status,
    amount: row.amount,
    currency: 'BDT',
    paymentMethod: row.payment_method,
    anonymous: row.anonymous,
    donorName: row.anonymous ? 'Anonymous' : (data.name ?? null),
    formVersion: row.form_version,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: row.staff_note,
    ...(forStaff ? { email: data.email ?? null, name: data.name ?? null } : {}),
  };
}

function withoutContact(data: Partial<DonateForm>): Partial<DonateForm> {
  const { name: _name, email: _email, ...rest } = data;
  return rest;
}

/** The receipt: the donation, how to pay its method (in the reader's language), and whether "Pay now" is offered. */
export function receiptView(app: FastifyInstance, row: Selectable<DonationsTable>, projectTitle: string, withContact: boolean, language: Language) {
  const view = donationView(row);
  const data = row.data as Partial<DonateForm>;
  return {
    ...view,
    ...(withContact ? {} : { donorName: row.anonymous ? 'Anonymous' : null }),
    projectTitle,
    instructions: app.payments.instructionsFor(row.payment_method, language),
    payOnline: row.status === 'pledged' && app.payments.canPayOnline(row.payment_method, row.amount),
    ...(withContact ? { email: data.email ?? null } : {}),
    /** The stored donate form, shown from its schema; without the donor's contact when the viewer is not the donor. */
    data: withContact ? data : withoutContact(data),
  };
}

/**
 * The donation a viewer may see: their own (signed in), or any with its receipt key; anything else is 404.
 * `withContact`: the viewer is its signed-in donor, who alone sees the name and e-mail it was given with.
 */
export async function viewableDonation(app: FastifyInstance, id: string, viewer: SessionUser | null, key: string | undefined) {
  const row = await app.db
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .select('p.title as project_title')
    .where('d.id', '=', id)
    .executeTakeFirst();
  const isDonor = row !== undefined && row.donor_id !== null && row.donor_id === viewer?.id;
  if (!row || (!isDonor && !keyMatches(row.receipt_key, key))) throw notFound('This donation');
  return { row, withContact: isDonor };
}

export default async function donationRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string }; Body: DonateForm }>(
    '/projects/:id/donations',
    {
      schema: {
        tags: ['donations'],
        description: 'Signed in or not. Recorded as pledged until staff confirm the money arrived.',
        params: idParams,
        response: { 201: receiptSchema },
        body: { $ref: 'donate#' },
      },
      config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' }, idempotent: true },
    },
    async (request, reply) => {
      await closeIfEnded(app.db, request.params.id, noticeSite(app.config));
      const viewer = await app.readSession(request);
      const { row: project } = await visibleProject(app.db, request.params.id, viewer);
      if (project.status !== 'open') throw notTaking('donations', project.status);
      const receiptKey = newReceiptKey();
      const origin = siteOrigin(app.config);
      // The pledge, its receipt e-mail and the answer in one transaction (a fresh one per reference tried): a pledge
      // that is recorded has its e-mail queued and its answer made, one that is not sends nothing. With an
      // Idempotency-Key the answer is kept with it, and a repeat gets it back instead of a second pledge.
      const answer = await withFreshReference((reference) =>
        app.writeOnce(request, reply, 201, async (trx) => {
          // Still open now that this transaction holds the project (it may have closed since the check above).
          await lockOpenProject(trx, project.id, 'donations');
          const made = await trx
            .insertInto('donations')
            .values({
              project_id: project.id,
              donor_id: viewer?.id ?? null,
              status: 'pledged',
              data: JSON.stringify(request.body),
              form_version: request.formVersion!,
              amount: fromPaisa(toPaisa(request.body.amount)),
              payment_method: request.body.paymentMethod,
              reference,
              anonymous: request.body.anonymous ?? false,
              receipt_key: receiptKey,
              language: request.language,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          const email = request.body.email?.trim();
          if (email) {
            const mail = receiptMail({
              reference: made.reference,
              amount: made.amount,
              paymentMethod: made.payment_method,
              projectTitle: project.title,
              instructions: app.payments.instructionsFor(made.payment_method, request.language),
              link: absoluteLink(origin, noticeLinks.receipt(made.id, receiptKey)),
            }, request.language);
            await queueMail(trx, { to: email, ...mail });
          }
          return {
            ...receiptView(app, made, project.title, made.donor_id !== null, request.language),
            // Only here: the pledger's browser goes to the receipt's own address, which the key opens.
            receiptKey,
            message: `Thank you! Your pledge of ${formatMoney(made.amount)} by ${made.payment_method} is recorded with the payment reference ${made.reference}. Pay as shown below; staff confirm it when the money arrives.`,
          };
        }),
      );
      // Delivery after the commit is best effort (it never fails the answer); the scheduled job is the guarantee.
      if (request.body.email?.trim()) app.mail.kick();
      return answer;
    },
  );

  app.get<{ Params: { id: string }; Headers: { 'x-receipt-key'?: string } }>(
    '/donations/:id',
    {
      schema: {
        tags: ['donations'],
        description: "The receipt of a pledge: to its donor signed in, or to whoever sends its receipt key (then without the donor's name and email); 404 to anyone else.",
        params: idParams,
        response: { 200: receiptSchema },
        headers: receiptKeyHeaders,
      },
    },
    async (request) => {
      const { row, withContact } = await viewableDonation(app, request.params.id, await app.readSession(request), request.headers[RECEIPT_KEY_HEADER]);
      return receiptView(app, row, row.project_title, withContact, request.language);
    },
  );

  app.get<{ Querystring: { cursor?: string; limit: number } }>(
    '/me/donations',
    {
      schema: { tags: ['donations'], security: [{ bearer: [] }], description: 'My donations, newest first, a page at a time (`nextCursor` asks for the next one).', querystring: OWN_PAGE_QUERY, response: { 200: pageOf(object({ ...donationSchema.properties, projectTitle: string }, ['email', 'name'])) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // On the donor's index (donor_id, created_at, id).
      const query = app.db
        .selectFrom('donations as d')
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .selectAll('d')
        .select(['p.title as project_title', sql<string>`d.created_at::text`.as('created_key')])
        .where('d.donor_id', '=', me.id);
      const { shown, nextCursor } = await newestPage(query, 'd', request.query.cursor, request.query.limit);
      return { items: shown.map(({ created_key: _k, ...r }) => ({ ...donationView(r), projectTitle: r.project_title })), nextCursor };
    },
  );

}
