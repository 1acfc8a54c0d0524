/** The signed-in user's profile and identity verification. */
import type { FastifyInstance } from 'fastify';
import type { ProfileForm } from '../../../../shared/generated/form-types';
import { currentUser } from '../../../plugins/auth';
import { FORM_BODY_LIMIT } from '../../../limits';
import { myVerification, profileOf, saveProfile, submitVerification } from '../service';
import { profileAnswer, verificationSchema } from '../schemas';

export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/profile',
    { schema: { tags: ['profile'], security: [{ bearer: [] }], response: { 200: profileAnswer } }, onRequest: app.requireUser },
    (request) => profileOf(app.db, currentUser(request)),
  );

  app.put<{ Body: ProfileForm }>(
    '/profile',
    {
      schema: { tags: ['profile'], security: [{ bearer: [] }], body: { $ref: 'profile#' }, response: { 200: profileAnswer } },
      onRequest: app.requireUser,
    },
    (request) => saveProfile(app.db, currentUser(request), request.body, request.formSchema!, request.formVersion!),
  );

  app.get(
    '/profile/verification',
    {
      schema: { tags: ['profile'], security: [{ bearer: [] }], response: { 200: verificationSchema } },
      onRequest: app.requireUser,
    },
    (request) => myVerification(app.db, currentUser(request).id),
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
    (request) => submitVerification(app.db, currentUser(request), request.body, request.formSchema!, request.formVersion!),
  );
}
