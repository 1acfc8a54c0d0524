/**
 * A person's notices (always kept, newest first, with the unread count) and which kinds they also get by e-mail, and
 * by SMS for the kinds sent that way (instalments due).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { currentUser } from '../plugins/auth';
import { notFound } from '../errors';
import { NOTICE_KINDS, NOTICE_KIND_NAMES, SMS_NOTICE_KINDS, type NoticeKind } from '../../shared/notices/kinds';
import { arrayOf, boolean, dateTime, dateTimeOrNull, integer, object, string, stringOrNull } from './schemas';

const noticeId = { type: 'string', pattern: '^[0-9]{1,18}$' } as const;

const noticesSchema = object({
  unread: integer,
  items: arrayOf(object({ id: noticeId, kind: string, title: string, text: string, link: stringOrNull, createdAt: dateTime, readAt: dateTimeOrNull })),
});

const preferencesSchema = object({
  kinds: arrayOf(
    object({
      kind: { type: 'string', enum: [...NOTICE_KIND_NAMES] },
      label: string,
      email: boolean,
      sms: { type: ['boolean', 'null'], description: 'Null: this kind is never sent by SMS.' },
    }),
  ),
});

const idParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$' } }, required: ['id'] } as const;

export default async function noticeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/me/notices', { schema: { tags: ['notices'], security: [{ bearer: [] }], description: 'The latest 50 notices, newest first, and how many are unread.', response: { 200: noticesSchema } }, onRequest: app.requireUser }, async (request) => {
    const me = currentUser(request);
    const rows = await app.db.selectFrom('notices').selectAll().where('user_id', '=', me.id).orderBy('id', 'desc').limit(50).execute();
    const unread = await app.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', me.id)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      unread: Number(unread.n),
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        text: r.text,
        link: r.link,
        createdAt: r.created_at.toISOString(),
        readAt: r.read_at?.toISOString() ?? null,
      })),
    };
  });

  app.post<{ Params: { id: string } }>(
    '/me/notices/:id/read',
    { schema: { tags: ['notices'], security: [{ bearer: [] }], params: idParams, response: { 200: object({ id: noticeId, readAt: dateTimeOrNull }) } }, onRequest: app.requireUser },
    async (request) => {
      const me = currentUser(request);
      const row = await app.db
        .updateTable('notices')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(new Date())) }))
        .where('id', '=', request.params.id)
        .where('user_id', '=', me.id)
        .returning(['id', 'read_at'])
        .executeTakeFirst();
      if (!row) throw notFound('This notice');
      return { id: row.id, readAt: row.read_at?.toISOString() ?? null };
    },
  );

  async function preferences(userId: string, db: Kysely<DB> = app.db) {
    const rows = await db.selectFrom('notice_preferences').select(['kind', 'channel']).where('user_id', '=', userId).execute();
    const off = new Set(rows.map((r) => `${r.channel}:${r.kind}`));
    return {
      kinds: NOTICE_KIND_NAMES.map((kind) => ({
        kind,
        label: NOTICE_KINDS[kind],
        email: !off.has(`email:${kind}`),
        /** null: this kind is never sent by SMS. */
        sms: SMS_NOTICE_KINDS.includes(kind) ? !off.has(`sms:${kind}`) : null,
      })),
    };
  }

  app.get('/me/notice-preferences', { schema: { tags: ['notices'], security: [{ bearer: [] }], description: 'Each kind of notice and whether it is also sent by e-mail, and by SMS (null: never by SMS).', response: { 200: preferencesSchema } }, onRequest: app.requireUser }, async (request) =>
    preferences(currentUser(request).id),
  );

  const channelBody = (kinds: readonly string[]) => ({
    type: 'object',
    properties: Object.fromEntries(kinds.map((k) => [k, { type: 'boolean' }])),
    additionalProperties: false,
  });

  app.put<{ Body: { email?: Partial<Record<NoticeKind, boolean>>; sms?: Partial<Record<NoticeKind, boolean>> } }>(
    '/me/notice-preferences',
    {
      schema: {
        tags: ['notices'],
        security: [{ bearer: [] }],
        description:
          '`email`: for each kind named, true sends its notices by e-mail too, false only in the app; `sms` likewise for the kinds sent by SMS. Kinds not named keep their setting.',
        body: {
          type: 'object',
          properties: { email: channelBody(NOTICE_KIND_NAMES), sms: channelBody(SMS_NOTICE_KINDS) },
          anyOf: [{ required: ['email'] }, { required: ['sms'] }],
          additionalProperties: false,
        },
        response: { 200: preferencesSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      // The answer is read in the transaction: a change that committed is never answered with an error.
      return app.db.transaction().execute(async (trx) => {
        for (const channel of ['email', 'sms'] as const) {
          const entries = Object.entries(request.body[channel] ?? {}) as [NoticeKind, boolean][];
          const on = entries.filter(([, v]) => v).map(([k]) => k);
          const off = entries.filter(([, v]) => !v).map(([k]) => k);
          if (on.length) await trx.deleteFrom('notice_preferences').where('user_id', '=', me.id).where('channel', '=', channel).where('kind', 'in', on).execute();
          if (off.length) {
            await trx
              .insertInto('notice_preferences')
              .values(off.map((kind) => ({ user_id: me.id, kind, channel })))
              .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doNothing())
              .execute();
          }
        }
        return preferences(me.id, trx);
      });
    },
  );
}
