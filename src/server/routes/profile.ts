/**
 * The signed-in user's profile ("40% Profile Update") and identity verification ("60% Profile Management").
 * Submissions are stored as the form's JSON (jsonb), so a field product staff add to a schema is kept with no
 * migration; file fields are stored as files and replaced by `file:<id>`.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ProfileForm } from '../../shared/generated/form-types';
import { currentUser } from '../plugins/auth';
import { decodeUploads, storeUploads } from '../files/store';
import { FORM_BODY_LIMIT } from '../limits';
import { withE164Phones } from '../auth/stored-phones';

export type VerificationState = 'not submitted' | 'submitted' | 'verified' | 'rejected';

/** The completeness the seed's labels suggest: profile saved 40, verification submitted 60, verified 100. */
export function completeness(hasProfile: boolean, verification: VerificationState): number {
  if (verification === 'verified') return 100;
  if (verification === 'submitted') return 60;
  return hasProfile ? 40 : 0;
}

/** The user's current verification submission (null when none). */
export async function currentVerification(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('superseded_at', 'is', null)
    .executeTakeFirst();
}

async function verificationView(db: Kysely<DB>, userId: string, withData: boolean) {
  const v = await currentVerification(db, userId);
  return {
    status: (v?.status ?? 'not submitted') as VerificationState,
    note: v?.staff_note ?? null,
    submittedAt: v?.submitted_at.toISOString() ?? null,
    reviewedAt: v?.reviewed_at?.toISOString() ?? null,
    formVersion: v?.form_version ?? null,
    ...(withData ? { data: v?.data ?? null } : {}),
  };
}

const verificationSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['not submitted', 'submitted', 'verified', 'rejected'] },
    note: { type: ['string', 'null'] },
    submittedAt: { type: ['string', 'null'] },
    reviewedAt: { type: ['string', 'null'] },
    formVersion: { type: ['integer', 'null'] },
    data: { type: ['object', 'null'], additionalProperties: true },
  },
  required: ['status', 'note', 'submittedAt', 'reviewedAt'],
} as const;

const profileAnswer = {
  type: 'object',
  properties: {
    profile: { type: ['object', 'null'], additionalProperties: true },
    formVersion: { type: ['integer', 'null'] },
    defaults: { type: 'object', properties: { email: { type: 'string' }, phone: { type: 'string' } } },
    completeness: { type: 'integer', enum: [0, 40, 60, 100] },
    verification: verificationSchema,
  },
  required: ['profile', 'defaults', 'completeness', 'verification'],
} as const;

export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  async function profileView(userId: string, email: string, phone: string) {
    const row = await app.db.selectFrom('profiles').select(['data', 'form_version']).where('user_id', '=', userId).executeTakeFirst();
    const verification = await verificationView(app.db, userId, false);
    return {
      profile: row?.data ?? null,
      formVersion: row?.form_version ?? null,
      defaults: { email, phone },
      completeness: completeness(Boolean(row), verification.status),
      verification,
    };
  }

  app.get(
    '/profile',
    { schema: { tags: ['profile'], security: [{ bearer: [] }], response: { 200: profileAnswer } }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      return profileView(me.id, me.email, me.phone);
    },
  );

  app.put<{ Body: ProfileForm }>(
    '/profile',
    {
      schema: { tags: ['profile'], security: [{ bearer: [] }], body: { $ref: 'profile#' }, response: { 200: profileAnswer } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // The phone in E.164 like the account's number, however it was typed.
      const data = JSON.stringify(withE164Phones(request.formSchema!, request.body));
      await app.db
        .insertInto('profiles')
        .values({ user_id: me.id, data, form_version: request.formVersion!, name: request.body.name, country: request.body.country })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ data, form_version: request.formVersion!, name: request.body.name, country: request.body.country, updated_at: new Date() }),
        )
        .execute();
      return profileView(me.id, me.email, me.phone);
    },
  );

  app.get(
    '/profile/verification',
    {
      schema: { tags: ['profile'], security: [{ bearer: [] }], response: { 200: verificationSchema } },
      onRequest: app.requireUser,
    },
    async (request) => verificationView(app.db, currentUser(request).id, true),
  );

  app.put<{ Body: Record<string, unknown> }>(
    '/profile/verification',
    {
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        description:
          'Submits identity documents for review (status "submitted"). A new submission replaces the current one, also a verified one, which goes back to review.',
        body: { $ref: 'verification#' },
        response: { 200: verificationSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const decoded = decodeUploads(request.formSchema!, request.body);
      // The answer is read in the transaction: a submission that committed is never answered with an error.
      return app.db.transaction().execute(async (trx) => {
        const now = new Date();
        // One submission at a time per user: two at once would both try to be the current one.
        await trx.selectFrom('users').select('id').where('id', '=', me.id).forUpdate().executeTakeFirst();
        await trx
          .updateTable('verifications')
          .set({ superseded_at: now })
          .where('user_id', '=', me.id)
          .where('superseded_at', 'is', null)
          .execute();
        const row = await trx
          .insertInto('verifications')
          .values({ user_id: me.id, status: 'submitted', data: JSON.stringify({}), form_version: request.formVersion! })
          .returning('id')
          .executeTakeFirstOrThrow();
        const doc = await storeUploads(trx, me.id, decoded, { type: 'verification', id: row.id });
        await trx.updateTable('verifications').set({ data: JSON.stringify(doc) }).where('id', '=', row.id).execute();
        return verificationView(trx, me.id, true);
      });
    },
  );
}
