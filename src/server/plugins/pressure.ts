/**
 * Load shedding: while the process is overloaded — its event loop lagging past MAX_EVENT_LOOP_DELAY_MS in two of
 * the last three samples, or its heap holding more than MAX_HEAP_MB — new requests are refused at once with 503,
 * Retry-After and a `{ message }` like every other error, instead of queueing behind work the process cannot finish
 * in time. A load balancer then sends them to another process. One lagging sample is not overload: a single
 * synchronous stretch of work delays the requests that arrive during it, but refusing the ones after it would help
 * nobody (see load-gauge.ts). Health, readiness and metrics are exempt (route config `pressureHandler: letThrough`):
 * they are cheap, and they are how an operator sees the overload; `/ready` says so itself. So are the front end's
 * built files (scripts, fonts, pictures), read from disk at almost no cost. So are the server renderer's in-process
 * data requests (`app.admittedRequestHeaders`): the page request that starts them is what is admitted or refused,
 * and a page admitted must not then lose its data half-way (a page rendered without its projects, or a 503 page).
 */
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { overloaded, OVERLOADED } from '../errors';
import { startLoadGauge } from './load-gauge';

declare module 'fastify' {
  interface FastifyInstance {
    /** True while requests are being refused for load (readiness answers 503 then). */
    isOverloaded(): boolean;
    /** The latest event-loop lag samples (ms, oldest first) that load shedding judges. */
    eventLoopLagSamples(): readonly number[];
    /**
     * Headers for an in-process request (`app.inject`) made on behalf of a request already admitted: the server
     * renderer's data requests. Load shedding lets them through; their value is this process's secret, so a request
     * from outside cannot claim it.
     */
    readonly admittedRequestHeaders: Readonly<Record<string, string>>;
  }
  interface FastifyContextConfig {
    /** Set to `letThrough` to answer the route even under load. */
    pressureHandler?: () => undefined;
  }
}

/** The message of a refusal for load (errors.ts, the catalogue, has it beside the other answers). */
export { OVERLOADED };

/** A route config that keeps a route answering under load. */
export const letThrough = (): undefined => undefined;

/** The header of `app.admittedRequestHeaders`. */
const ADMITTED_HEADER = 'x-admitted-request';

/**
 * A built file of the front end (a script chunk, a font, a picture): served from disk at almost no cost, and a page
 * whose chunk is refused stays half-working (its buttons wait for code that never comes), so these are never shed.
 * The page and the API, where the work is, are.
 */
function isBuiltFile(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0]!;
  return !path.startsWith('/api/') && /\/[^/]+\.[a-z0-9]{1,5}$/i.test(path);
}

/** The heap threshold in bytes: the setting, or 90% of the heap Node may grow to. */
export function heapThresholdBytes(maxHeapMb: number): number {
  return maxHeapMb > 0 ? maxHeapMb * 1024 * 1024 : Math.floor(getHeapStatistics().heap_size_limit * 0.9);
}

async function pressurePlugin(app: FastifyInstance): Promise<void> {
  const { maxEventLoopDelayMs, maxHeapMb, pressureSampleMs } = app.config;
  const gauge = startLoadGauge({ sampleMs: pressureSampleMs, maxLagMs: maxEventLoopDelayMs, maxHeapBytes: heapThresholdBytes(maxHeapMb) });
  // Start-up's own synchronous work (schemas compiled, routes built) is not load: judge the lag from readiness on.
  app.addHook('onReady', async () => gauge.resetLag());
  app.addHook('onClose', async () => gauge.stop());
  app.decorate('isOverloaded', () => gauge.overload() !== undefined);
  app.decorate('eventLoopLagSamples', () => gauge.lagSamplesMs());
  const admittedToken = randomBytes(24).toString('base64url');
  app.decorate('admittedRequestHeaders', Object.freeze({ [ADMITTED_HEADER]: admittedToken }));

  let lastWarned = 0;
  // First among the request hooks that do work (app.ts registers this plugin before sessions and bodies are read).
  app.addHook('onRequest', async (request) => {
    const overload = gauge.overload();
    if (!overload || request.routeOptions.config.pressureHandler === letThrough || isBuiltFile(request)) return;
    if (request.headers[ADMITTED_HEADER] === admittedToken) return;
    // One line per sample, not one per refused request: under overload the log must not add to the load.
    const now = Date.now();
    if (now - lastWarned >= pressureSampleMs) {
      lastWarned = now;
      request.log.warn(overload, 'overloaded: refusing requests with 503');
    }
    // The app's error handler writes `{ message }` and the Retry-After header.
    throw overloaded();
  });
}

export default fp(pressurePlugin, { name: 'pressure', dependencies: ['db', 'errors'] });
