/**
 * Staff review of identity verifications: a queue, one submission with its images, and a decision (verify, or
 * reject with a note). Each decision is conditional on the submission still being under review, and is written to
 * the audit log in the same transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ReviewForm } from '../../shared/generated/form-types';
import { currentUser } from '../plugins/auth';
import { conflict, notFound } from '../errors';
import { noticeLinks, noticeSite, notify } from '../modules/notices/service';
import { audit, auditEntrySchema, auditTrail } from '../audit';
import { fileIdsIn } from '../files/store';
import { arrayOf, boolean, dateTime, dateTimeOrNull, freeForm, idParams, integer, object, string, stringOrNull, uuid } from './schemas';

const STATUSES = ['submitted', 'verified', 'rejected'] as const;
type Status = (typeof STATUSES)[number];

const status = { type: 'string', enum: [...STATUSES] } as const;

/** A submission in the queue. */
const queueItemSchema = object({
  id: uuid,
  status,
  name: stringOrNull,
  email: string,
  phone: string,
  nid: { ...stringOrNull, description: 'The national ID number given.' },
  submittedAt: dateTime,
  reviewedAt: dateTimeOrNull,
  note: stringOrNull,
});

/** One submission as staff review it. */
const submissionSchema = object({
  id: uuid,
  status,
  current: { ...boolean, description: 'False once a newer submission replaced it.' },
  // Free-form: the stored verify-profile form and the person's stored profile form, in the fields of their versions,
  // shown from those versions' schemas.
  data: freeForm('The stored verification form (its version: formVersion).'),
  formVersion: integer,
  files: { ...arrayOf(string), description: 'The ids of the files the submission holds.' },
  profile: { ...freeForm("The person's stored profile form; null when they have none."), type: ['object', 'null'] },
  email: string,
  phone: string,
  note: stringOrNull,
  submittedAt: dateTime,
  reviewedAt: dateTimeOrNull,
  history: arrayOf(auditEntrySchema),
});

export default async function staffVerificationRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { status: Status } }>(
    '/staff/verifications',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          properties: { status: { type: 'string', enum: [...STATUSES], default: 'submitted' } },
          additionalProperties: false,
        },
        response: { 200: object({ items: arrayOf(queueItemSchema) }) },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('verifications as v')
        .innerJoin('users as u', 'u.id', 'v.user_id')
        .leftJoin('profiles as p', 'p.user_id', 'v.user_id')
        .select(['v.id', 'v.status', 'v.submitted_at', 'v.reviewed_at', 'v.staff_note', 'u.email', 'u.phone', 'p.name', 'v.data'])
        .where('v.superseded_at', 'is', null)
        .where('v.status', '=', request.query.status)
        .orderBy('v.submitted_at', request.query.status === 'submitted' ? 'asc' : 'desc')
        .limit(200)
        .execute();
      return {
        items: rows.map((r) => ({
          id: r.id,
          status: r.status,
          name: r.name,
          email: r.email,
          phone: r.phone,
          nid: (r.data as Record<string, unknown>).nid ?? null,
          submittedAt: r.submitted_at.toISOString(),
          reviewedAt: r.reviewed_at?.toISOString() ?? null,
          note: r.staff_note,
        })),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/staff/verifications/:id',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: submissionSchema },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const row = await app.db
        .selectFrom('verifications as v')
        .innerJoin('users as u', 'u.id', 'v.user_id')
        .leftJoin('profiles as p', 'p.user_id', 'v.user_id')
        .select(['v.id', 'v.status', 'v.data', 'v.form_version', 'v.staff_note', 'v.submitted_at', 'v.reviewed_at', 'v.superseded_at', 'u.email', 'u.phone', 'p.data as profile'])
        .where('v.id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('This verification');
      return {
        id: row.id,
        status: row.status,
        current: row.superseded_at === null,
        data: row.data,
        formVersion: row.form_version,
        files: fileIdsIn(row.data),
        profile: row.profile,
        email: row.email,
        phone: row.phone,
        note: row.staff_note,
        submittedAt: row.submitted_at.toISOString(),
        reviewedAt: row.reviewed_at?.toISOString() ?? null,
        history: await auditTrail(app.db, 'verification', row.id),
      };
    },
  );

  app.post<{ Params: { id: string }; Body: ReviewForm }>(
    '/staff/verifications/:id/review',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        params: idParams,
        body: { $ref: 'review#' },
        response: { 200: object({ id: uuid, status, note: stringOrNull }) },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const me = currentUser(request);
      const after: Status = request.body.decision === 'approve' ? 'verified' : 'rejected';
      const note = request.body.note?.trim() || null;
      const result = await app.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('verifications')
          .set({ status: after, staff_note: note, reviewed_by: me.id, reviewed_at: new Date() })
          .where('id', '=', request.params.id)
          .where('status', '=', 'submitted')
          .where('superseded_at', 'is', null)
          .returning(['id', 'status', 'user_id'])
          .executeTakeFirst();
        if (!updated) {
          const existing = await trx.selectFrom('verifications').select(['status', 'superseded_at']).where('id', '=', request.params.id).executeTakeFirst();
          if (!existing) throw notFound('This verification');
          throw conflict(
            existing.superseded_at
              ? 'A newer submission replaced this one: review the newer one.'
              : `This verification was already ${existing.status}.`,
          );
        }
        await audit(trx, {
          actorId: me.id,
          action: after === 'verified' ? 'verification.verify' : 'verification.reject',
          subjectType: 'verification',
          subjectId: updated.id,
          before: 'submitted',
          after,
          note,
        });
        await notify(
          trx,
          {
            userId: updated.user_id,
            kind: 'verification_decided',
            title:
              after === 'verified'
                ? { en: 'Your identity is verified', bn: 'আপনার পরিচয় যাচাই করা হয়েছে' }
                : { en: 'Your identity verification was not accepted', bn: 'আপনার পরিচয় যাচাই গ্রহণ করা হয়নি' },
            text:
              after === 'verified'
                ? { en: 'Staff verified your identity.', bn: 'কর্মীরা আপনার পরিচয় যাচাই করেছেন।' }
                : {
                    en: `Staff did not accept your verification.${note ? ` Their note: ${note}` : ''} You can correct it and submit again.`,
                    bn: `কর্মীরা আপনার যাচাইয়ের তথ্য গ্রহণ করেননি।${note ? ` তাঁদের নোট: ${note}` : ''} আপনি তথ্য ঠিক করে আবার জমা দিতে পারেন।`,
                  },
            link: after === 'verified' ? noticeLinks.profile() : noticeLinks.verification(),
          },
          noticeSite(app.config),
        );
        return { id: updated.id, status: after, note };
      });
      app.mail.kick();
      return result;
    },
  );
}
