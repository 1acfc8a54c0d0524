/**
 * Jobs on a clock, run once however many server processes share the database. Each job has a cron pattern
 * (croner); at each slot every process tries it, and only one runs it: the run happens inside a transaction that
 * holds the job's PostgreSQL advisory lock (`pg_try_advisory_xact_lock`) and first inserts the job's row for that
 * slot (unique per job and slot), so a second process — at the same moment or a little later — finds the slot
 * taken and does nothing. Messages a job produces are sent after its transaction commits. Staff read the last run
 * of each job at GET /api/v1/staff/jobs.
 */
import fp from 'fastify-plugin';
import { Cron } from 'croner';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { purge, type TaskContext, type TaskResult } from './tasks';
import { jobWords, sayJobResult, type JobWords } from './words';
import type { Language } from '../../shared/i18n/language';
import { closeCampaigns } from '../modules/projects/jobs';
import { remindAndExpirePledges } from '../modules/donations/jobs';
import { latePayments, makeAgreementDocuments, markOverdue, remindInstalments } from '../modules/agreements/jobs';

interface JobDefinition {
  name: string;
  /** Cron pattern (seconds first when it has six fields), in UTC. */
  schedule: string;
  description: string;
  /** Work done inside the job's transaction. */
  task?: (ctx: TaskContext) => Promise<TaskResult>;
  /** Work done after the slot is claimed and committed, outside any transaction (it talks to other servers). */
  outside?: (app: FastifyInstance, now: Date) => Promise<TaskResult>;
}

/** Sends the e-mail outbox; each row is claimed atomically, so this may overlap with a kick from a request. */
async function deliverMail(app: FastifyInstance, now: Date): Promise<TaskResult> {
  const { sent, failed } = await app.mail.deliver(now);
  return { words: jobWords('mail', { sent, retry: failed }) };
}

export const JOBS: JobDefinition[] = [
  { name: 'close-campaigns', schedule: '*/15 * * * * *', description: 'Closes campaigns whose end date has passed.', task: closeCampaigns },
  { name: 'mark-overdue', schedule: '0 */10 * * * *', description: 'Marks instalments still due after their due date as overdue, and tells their owners and investors.', task: markOverdue },
  // 03:00 UTC is 09:00 in Dhaka: reminders arrive in the morning. A day missed by an outage: run it now from the page.
  { name: 'instalment-reminders', schedule: '0 0 3 * * *', description: 'Reminds owners of instalments due in 3 days and due today (each reminder once).', task: remindInstalments },
  { name: 'late-payments', schedule: '0 20 * * * *', description: 'Opens late charges for charity past the grace period, and moves agreements into or out of default.', task: latePayments },
  { name: 'pledges', schedule: '0 5 * * * *', description: 'Reminds donors of unpaid pledges, then expires them.', task: remindAndExpirePledges },
  { name: 'deliver-mail', schedule: '*/10 * * * * *', description: 'Sends queued e-mail notices, retrying failures with backoff.', outside: deliverMail },
  { name: 'agreement-documents', schedule: '30 * * * * *', description: 'Makes the agreement documents of agreements accepted before documents existed.', task: makeAgreementDocuments },
  { name: 'purge', schedule: '0 17 3 * * *', description: 'Removes expired sessions, old codes, abandoned drafts and their files, e-mails sent over 30 days ago, idempotency keys over a day old.', task: purge },
];

/** A run's outcome: `summary` is its result in English (the log's line), `words` the same for any reader's language. */
export type JobOutcome = { ran: true; ok: boolean; summary: string; words: JobWords } | { ran: false; reason: string };

/** A result's words and its English line, as a run records and answers them. */
function outcomeOf(ok: boolean, words: JobWords) {
  return { ran: true, ok, summary: sayJobResult(words, 'en')!, words } as const;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** Runs a job for a slot now (tests pass their own clock); another process holding it makes this a no-op. */
      run(name: string, now?: Date, slot?: Date): Promise<JobOutcome>;
      /** Each job with its last run, its result said in `language` (English by default). */
      status(language?: Language): Promise<JobStatus[]>;
    };
  }
}

export interface JobStatus {
  name: string;
  schedule: string;
  description: string;
  lastRun: { slot: string; startedAt: string; finishedAt: string | null; ok: boolean | null; result: string | null } | null;
}

/** A stable 31-bit number for a job's advisory lock. */
function lockKey(name: string): number {
  let h = 0;
  for (const ch of `halal-fund-job:${name}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h & 0x7fffffff;
}

async function jobsPlugin(app: FastifyInstance): Promise<void> {
  const byName = new Map(JOBS.map((j) => [j.name, j]));

  async function run(name: string, now = app.now(), slot = now): Promise<JobOutcome> {
    const job = byName.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    // Undefined while a job that works outside the transaction has claimed its slot and not yet run.
    let outcome: JobOutcome | undefined;
    let result: TaskResult | undefined;
    let claimedOutside: string | undefined;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      outcome = await app.db.transaction().execute(async (trx) => {
        const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${lockKey(name)}) AS ok`.execute(trx);
        if (!lock.rows[0]?.ok) return { ran: false, reason: 'another process is running it' } as const;
        const claimed = await trx
          .insertInto('job_runs')
          .values({ job: name, slot, started_at: new Date() })
          .onConflict((oc) => oc.columns(['job', 'slot']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return { ran: false, reason: 'already run for this slot' } as const;
        if (!job.task) {
          claimedOutside = claimed.id;
          return undefined;
        }
        result = await job.task({ trx, now, config: app.config });
        const done = outcomeOf(true, result.words);
        await trx.updateTable('job_runs').set({ finished_at: new Date(), ok: true, result: done.summary, result_words: JSON.stringify(done.words) }).where('id', '=', claimed.id).execute();
        return done;
      });
    } catch (err) {
      // The work rolled back; the failure is recorded on its own so staff see it (and the slot stays retryable
      // only by hand: the next slot runs the job again).
      const failed = outcomeOf(false, jobWords('failed', { reason: (err as Error).message }));
      app.log.error({ err, job: name }, 'job failed');
      await app.db
        .insertInto('job_runs')
        .values({ job: name, slot, started_at: now, finished_at: new Date(), ok: false, result: failed.summary, result_words: JSON.stringify(failed.words) })
        .onConflict((oc) => oc.columns(['job', 'slot']).doNothing())
        .execute()
        .catch(() => undefined);
      app.metrics.jobRun(name, 'failed', seconds());
      return failed;
    }
    if (claimedOutside !== undefined && job.outside) {
      try {
        result = await job.outside(app, now);
        outcome = outcomeOf(true, result.words);
      } catch (err) {
        app.log.error({ err, job: name }, 'job failed');
        outcome = outcomeOf(false, jobWords('failed', { reason: (err as Error).message }));
      }
      await app.db
        .updateTable('job_runs')
        .set({ finished_at: new Date(), ok: outcome.ok, result: outcome.summary, result_words: JSON.stringify(outcome.words) })
        .where('id', '=', claimedOutside)
        .execute()
        .catch((err: unknown) => app.log.error({ err, job: name }, 'job run not recorded'));
      if (!outcome.ok) {
        app.metrics.jobRun(name, 'failed', seconds());
        return outcome;
      }
    }
    if (!outcome) throw new Error(`job ${name} claimed its slot and did not run`);
    app.metrics.jobRun(name, outcome.ran ? 'ok' : 'skipped', seconds());
    for (const m of result?.messages ?? []) {
      await app.sms.send(m).catch((err: unknown) => app.log.error({ err, job: name }, 'job message not sent'));
    }
    if (outcome.ran) app.log.debug({ job: name }, outcome.summary);
    return outcome;
  }

  async function status(language: Language = 'en'): Promise<JobStatus[]> {
    return Promise.all(
      JOBS.map(async (j) => {
        const last = await app.db.selectFrom('job_runs').selectAll().where('job', '=', j.name).orderBy('started_at', 'desc').limit(1).executeTakeFirst();
        return {
          name: j.name,
          schedule: j.schedule,
          description: j.description,
          lastRun: last
            ? { slot: last.slot.toISOString(), startedAt: last.started_at.toISOString(), finishedAt: last.finished_at?.toISOString() ?? null, ok: last.ok, result: sayJobResult(last.result_words, language) ?? last.result }
            : null,
        };
      }),
    );
  }

  app.decorate('jobs', { run, status });

  if (app.config.jobs) {
    const crons: Cron[] = [];
    app.addHook('onReady', async () => {
      for (const job of JOBS) {
        // The slot is the scheduled time, the same in every process, whatever its clock skew within the second.
        // `catch`: croner rethrows what a run throws outside the run's own handling as an unhandled rejection, which
        // ends the process; logged instead, and the timer keeps its next slot (a database outage fails a few runs).
        const options = { timezone: 'UTC', protect: true, catch: (err: unknown) => app.log.error({ err, job: job.name }, 'job run failed') };
        const cron = new Cron(job.schedule, options, async (self: Cron) => {
          const slot = self.currentRun() ?? new Date();
          slot.setMilliseconds(0);
          await run(job.name, app.now(), slot);
        });
        crons.push(cron);
      }
    });
    app.addHook('onClose', async () => {
      for (const c of crons) c.stop();
    });
  }
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['clock', 'db', 'metrics', 'mailer'] });
