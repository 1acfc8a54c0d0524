/**
 * A person's notices (always kept, newest first, with the unread count) and which kinds they also get by e-mail.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { currentUser } from '../plugins/auth';
import { notFound } from '../errors';
import { NOTICE_KINDS, NOTICE_KIND_NAMES, type NoticeKind } from '../../shared/notices/kinds';

const idParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$' } }, required: ['id'] } as const;

export default async function noticeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/me/notices', { schema: { tags: ['notices'], security: [{ bearer: [] }], description: 'The latest 50 notices, newest first, and how many are unread.' }, onRequest: app.requireUser }, async (request) => {
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
    { schema: { tags: ['notices'], security: [{ bearer: [] }], params: idParams }, onRequest: app.requireUser },
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
    const off = new Set((await db.selectFrom('notice_preferences').select('kind').where('user_id', '=', userId).execute()).map((r) => r.kind));
    return { kinds: NOTICE_KIND_NAMES.map((kind) => ({ kind, label: NOTICE_KINDS[kind], email: !off.has(kind) })) };
  }

  app.get('/me/notice-preferences', { schema: { tags: ['notices'], security: [{ bearer: [] }], description: 'Each kind of notice and whether it is also sent by e-mail.' }, onRequest: app.requireUser }, async (request) =>
    preferences(currentUser(request).id),
  );

  app.put<{ Body: { email: Partial<Record<NoticeKind, boolean>> } }>(
    '/me/notice-preferences',
    {
      schema: {
        tags: ['notices'],
        security: [{ bearer: [] }],
        description: '`email`: for each kind named, true sends its notices by e-mail too, false only in the app. Kinds not named keep their setting.',
        body: {
          type: 'object',
          properties: {
            email: {
              type: 'object',
              properties: Object.fromEntries(NOTICE_KIND_NAMES.map((k) => [k, { type: 'boolean' }])),
              additionalProperties: false,
            },
          },
          required: ['email'],
          additionalProperties: false,
        },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const entries = Object.entries(request.body.email) as [NoticeKind, boolean][];
      // The answer is read in the transaction: a change that committed is never answered with an error.
      return app.db.transaction().execute(async (trx) => {
        const on = entries.filter(([, v]) => v).map(([k]) => k);
        const off = entries.filter(([, v]) => !v).map(([k]) => k);
        if (on.length) await trx.deleteFrom('notice_preferences').where('user_id', '=', me.id).where('kind', 'in', on).execute();
        if (off.length) {
          await trx
            .insertInto('notice_preferences')
            .values(off.map((kind) => ({ user_id: me.id, kind })))
            .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
            .execute();
        }
        return preferences(me.id, trx);
      });
    },
  );
}
