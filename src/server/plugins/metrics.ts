/**
 * Prometheus metrics at `GET /metrics`: requests counted and timed by route pattern (never the raw URL, so the
 * number of series stays bounded however many ids are requested), the database's connections, the event loop's
 * lag (with Node's usual process metrics) and job runs by job and outcome. Each app has its own registry, so tests
 * that build several apps in one process do not mix their counts.
 *
 * Who may read them: a caller on this machine, or anyone with `METRICS_TOKEN` (`Authorization: Bearer <token>`).
 * Others get a 404 worded like the API's for an unknown address. "On this machine" is judged by the socket, not by `request.ip`:
 * with TRUST_PROXY on, `request.ip` comes from X-Forwarded-For, which a client writes itself; and a request a local
 * proxy forwards arrives from loopback too, so one that carries a forwarding header is never taken as local.
 */
import fp from 'fastify-plugin';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { letThrough } from './pressure';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      /** Counts one job run; `outcome` is ok, failed or skipped. */
      jobRun(job: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number): void;
    };
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** True when the request came straight from this machine, not through a proxy. */
export function fromThisMachine(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** Compares a presented token with the configured one in constant time (hashes make the lengths equal). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}

async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unknown addresses share one label: a scan of random paths must not add a series per path.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const kind = app.database.kind;
  new Gauge({
    name: 'db_pool_clients',
    help:
      kind === 'postgres'
        ? 'PostgreSQL connections in the pool: total (open), idle, and waiting (queries queued for a connection).'
        : 'PGlite is one in-process connection: total is always 1; idle and waiting are not measured.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = app.database.poolStats();
      this.set({ state: 'total' }, s.total);
      if (s.idle !== null) this.set({ state: 'idle' }, s.idle);
      if (s.waiting !== null) this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({ name: 'db_info', help: 'The database this process uses (kind: pglite or postgres).', labelNames: ['kind'], registers: [registry] }).set({ kind }, 1);

  const jobRuns = new Counter({ name: 'job_runs_total', help: 'Scheduled job attempts in this process, by job and outcome (skipped: another process has the slot).', labelNames: ['job', 'outcome'], registers: [registry] });
  const jobSeconds = new Histogram({ name: 'job_run_duration_seconds', help: 'Time a job run took in this process, by job.', labelNames: ['job'], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120], registers: [registry] });

  app.decorate('metrics', {
    registry,
    jobRun(job: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number) {
      jobRuns.inc({ job, outcome });
      if (outcome !== 'skipped') jobSeconds.observe({ job }, seconds);
    },
  });

  const token = app.config.metricsToken;
  app.get(
    '/metrics',
    // Readable while the server sheds load (that is when it matters), and never rate limited.
    { schema: { hide: true }, config: { pressureHandler: letThrough } },
    async (request, reply) => {
      const allowed = fromThisMachine(request) || (token !== undefined && tokenMatches(request.headers.authorization, token));
      // A plain 404 (not the not-found handler, which serves the web app's page for unknown addresses once built).
      if (!allowed) return reply.code(404).send({ message: 'No such endpoint: GET /metrics' });
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    },
  );
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['db'] });
