/**
 * A short day of mixed load (issue 27 §4; `npm run bench -- load` is the long one, with the same driver,
 * scripts/bench/lib/load): two real server processes (the built bundle, as `npm start` runs it) on one fresh
 * PostgreSQL database, and a small crowd for 30 seconds (about a minute in all, with the start and the check):
 * visitors reading rendered pages and the API, newcomers signing up (the code from the dev outbox) and in, investors
 * sending agreement requests, owners accepting and declining them, donors pledging, staff confirming. Checks only that
 * nothing failed (no 5xx, no 4xx that was not provoked, no process gone, no error logged) and nothing was lost (the
 * database holds exactly what was acknowledged); the timings are the benchmark's business.
 *
 * Load shedding is off here: `npm test` runs other suites beside this one on the same cores, and a 503 refused for
 * the machine's load is not what this checks (tests/server/load-shedding.test.ts checks shedding).
 * Needs PostgreSQL (runs when TEST_DATABASE_URL is set) and the built front end (`npm test` builds it first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMixedLoad } from '../../scripts/bench/lib/load/index';
import { agrees } from '../../scripts/bench/lib/load/verify';
import { freshPostgres, ROOT } from './helpers';

const SECONDS = 30;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a short day of mixed load on two server processes (PostgreSQL: skipped unless TEST_DATABASE_URL is set)', () => {
  it('answers every request as it should, keeps both processes up, and loses nothing it acknowledged', async () => {
    for (const built of ['dist/client/index.html', 'dist/ssr/entry-server.js']) {
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
    }
    const pg = await freshPostgres();
    // What the run said (where the servers' logs were kept, when something went wrong), shown with a failure.
    const said: string[] = [];
    try {
      const result = await runMixedLoad({
        databaseUrl: pg.url,
        processes: 2,
        people: 40,
        seconds: SECONDS,
        thinkMs: 1500,
        sampleSeconds: 5,
        serverEnv: { MAX_EVENT_LOOP_DELAY_MS: '0' },
        progress: (line) => said.push(line),
      });
      const { recorder } = result;
      expect(recorder.unexpected.map(({ kind, status, detail }) => ({ kind, status, detail })), said.join('\n')).toEqual([]);
      expect(recorder.unexpectedCount).toBe(0);
      expect([...recorder.limited()]).toEqual([]);
      expect(result.allAlive).toBe(true);
      expect(result.serverErrorLines).toEqual([]);
      expect(result.checks.filter((c) => !agrees(c))).toEqual([]);

      // The day really happened: every kind of person got something done.
      const { acks } = recorder;
      const cast = result.crowd.staff + result.crowd.owners + result.crowd.investors;
      expect(acks.signUps).toBeGreaterThan(cast);
      expect(acks.signIns).toBeGreaterThan(0);
      expect(acks.agreementRequests.size).toBeGreaterThan(0);
      expect(acks.accepted.size + acks.declined.size).toBeGreaterThan(0);
      expect(acks.pledges.size).toBeGreaterThan(0);
      expect(acks.confirmed.size).toBeGreaterThan(0);
      const kinds = [...recorder.latencies().keys()];
      for (const kind of ['page /', 'page /projects', 'page /projectDetails', 'GET /projects', 'GET /projects/:id']) expect(kinds).toContain(kind);
    } finally {
      await pg.drop();
    }
  }, 150_000);
});
