/**
 * Staff see each scheduled job: what it does, when it runs, and its last run with its result; and run one now (after
 * an outage, or to see a change at once), audited, once across processes like a scheduled run.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../plugins/auth';
import { conflict, notFound } from '../errors';
import { audit } from '../audit';
import { JOBS } from './index';
import { sayJobResult } from './words';
import { arrayOf, boolean, dateTime, dateTimeOrNull, object, objectOrNull, string, stringOrNull } from '../routes/schemas';

/** A scheduled job and its last run (app.jobs.status()). */
const jobSchema = object({
  name: string,
  schedule: { ...string, description: 'Cron, in UTC.' },
  description: string,
  lastRun: objectOrNull({ slot: dateTime, startedAt: dateTime, finishedAt: dateTimeOrNull, ok: { type: ['boolean', 'null'] }, result: stringOrNull }),
});

const nameParams = { type: 'object', properties: { name: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } }, required: ['name'] } as const;

export default async function staffJobRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/staff/jobs',
    { schema: { tags: ['staff'], security: [{ bearer: [] }], description: 'The scheduled jobs and their last runs.', response: { 200: object({ items: arrayOf(jobSchema) }) } }, onRequest: app.requireStaff },
    async (request) => ({ items: await app.jobs.status(request.language) }),
  );

  app.post<{ Params: { name: string } }>(
    '/staff/jobs/:name/run',
    {
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        description: 'Runs a scheduled job now, at the app clock (audited as job.run). 409 when another process is running it at this moment.',
        params: nameParams,
        response: { 200: object({ name: string, ok: boolean, summary: string, job: jobSchema }) },
      },
      onRequest: app.requireStaff,
    },
    async (request) => {
      const me = currentUser(request);
      const { name } = request.params;
      if (!JOBS.some((j) => j.name === name)) throw notFound('This job');
      const outcome = await app.jobs.run(name);
      if (!outcome.ran) throw conflict(`The job ${name} did not run: ${outcome.reason}. Try again in a moment.`);
      await audit(app.db, { actorId: me.id, action: 'job.run', subjectType: 'job', subjectId: name, before: null, after: outcome.ok ? 'ok' : 'failed', note: outcome.summary });
      app.mail.kick();
      // The summary and the last run in the reader's language; the audit note keeps the English line.
      const summary = sayJobResult(outcome.words, request.language) ?? outcome.summary;
      return { name, ok: outcome.ok, summary, job: (await app.jobs.status(request.language)).find((j) => j.name === name) };
    },
  );
}
