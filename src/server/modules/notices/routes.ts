/**
 * A person's notices (always kept, newest first, with the unread count) and which kinds they also get by e-mail, and
 * by SMS for the kinds sent that way (instalments due).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../plugins/auth';
import { noticeIdParams, noticesSchema, preferencesBody, preferencesSchema, readSchema } from './schemas';
import { noticesOf, preferencesOf, readNotice, setPreferences, type PreferenceChange } from './service';

export default async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { tags: ['notices'], security: [{ bearer: [] }] };

  app.get(
    '/me/notices',
    { schema: { ...signedIn, description: 'The latest 50 notices, newest first, and how many are unread.', response: { 200: noticesSchema } }, onRequest: app.requireUser },
    async (request) => noticesOf(app.db, currentUser(request).id),
  );

  app.post<{ Params: { id: string } }>(
    '/me/notices/:id/read',
    { schema: { ...signedIn, params: noticeIdParams, response: { 200: readSchema } }, onRequest: app.requireUser },
    async (request) => readNotice(app.db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/me/notice-preferences',
    { schema: { ...signedIn, description: 'Each kind of notice (its label in the request\'s language) and whether it is also sent by e-mail, and by SMS (null: never by SMS).', response: { 200: preferencesSchema } }, onRequest: app.requireUser },
    async (request) => preferencesOf(app.db, currentUser(request).id, request.language),
  );

  app.put<{ Body: PreferenceChange }>(
    '/me/notice-preferences',
    {
      schema: {
        ...signedIn,
        description:
          '`email`: for each kind named, true sends its notices by e-mail too, false only in the app; `sms` likewise for the kinds sent by SMS. Kinds not named keep their setting.',
        body: preferencesBody,
        response: { 200: preferencesSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => setPreferences(app.db, currentUser(request).id, request.body, request.language),
  );
}
