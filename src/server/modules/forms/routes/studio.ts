/**
 * The form studio (staff): every form with its versions, a draft's checks (the schema lint, the fields the code
 * reads, the server's answer for sample data), publishing a draft as the next version (refused when stale or when
 * any check fails), and the four-eyes decisions on a version waiting for approval.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { arrayOf, integer, object } from '../../../routes/schemas';
import { checkFormDraft, formDocument, formList, formVersions, knownForm, publishForm, type PublishBody } from '../service';
import type { Case } from '../checks';
import type { JsonSchema } from '../../../../shared/forms/catalog';
import { checkBody, checkSchema, formListItemSchema, formParams, publishBody, publishedSchemas, refusedSchema, versionListItemSchema, versionParams, WITH_WORDS } from '../schemas';
import { decisionRoutes } from './decisions';

const staff = { tags: ['forms'], security: [{ bearer: [] }] };

export default async function formStudioRoutes(app: FastifyInstance): Promise<void> {
  const forms = app.forms;

  app.get(
    '/forms',
    { schema: { ...staff, description: 'Every form with its current version, submissions per version and open drafts (staff).', response: { 200: arrayOf(formListItemSchema) } }, onRequest: app.requireStaff },
    (request) => formList(app, currentUser(request).id),
  );

  app.get<{ Params: { id: string } }>(
    '/forms/:id/versions',
    { schema: { ...staff, params: formParams, description: 'Every version of a form, newest first, with where each stands (live, waiting for approval, returned, superseded) (staff).', response: { 200: arrayOf(object({ ...versionListItemSchema.properties, submissions: integer })) } }, onRequest: app.requireStaff },
    (request) => formVersions(app, request.params.id, currentUser(request).id),
  );

  app.post<{ Params: { id: string }; Body: { schema: JsonSchema; uiSchema: JsonSchema; cases?: Case[] } }>(
    '/forms/:id/check',
    {
      schema: {
        ...staff,
        params: formParams,
        body: checkBody,
        description: 'Checks a draft: the schema lint, the fields the code reads, and the answer the server would give for each sample (staff).',
        response: { 200: checkSchema },
      },
      onRequest: app.requireStaff,
    },
    (request) => checkFormDraft(app, request.params.id, request.body),
  );

  app.post<{ Params: { id: string }; Body: PublishBody }>(
    '/forms/:id/publish',
    {
      schema: {
        ...staff,
        params: formParams,
        body: publishBody,
        description:
          'Publishes a draft as the next version (staff): 201 when it is live at once, 202 when it waits for another staff member\'s approval (STUDIO_REQUIRE_APPROVAL); 409 when another version was published after the draft was started, 422 when the lint or the code-read fields refuse it.',
        response: { ...publishedSchemas, 422: refusedSchema },
      },
      config: WITH_WORDS,
      onRequest: app.requireStaff,
    },
    async (request, reply) => {
      const published = await publishForm(app, request.params.id, currentUser(request).id, request.body);
      if ('refused' in published) return reply.status(422).send(published.refused);
      // 201 { version } as before approvals existed; 202 says it waits.
      return published.status === 'live' ? reply.status(201).send({ version: published.version }) : reply.status(202).send({ version: published.version, status: published.status });
    },
  );

  decisionRoutes<{ id: string; v: number }>(app, {
    path: '/forms/:id/versions/:v',
    params: versionParams,
    tags: ['forms'],
    documentOf: ({ id }) => {
      knownForm(forms, id);
      return formDocument(id);
    },
    onLive: async ({ id, v }) => {
      const approved = await forms.version(id, v);
      if (approved) forms.published(approved);
    },
  });
}
