/**
 * Load shedding (@fastify/under-pressure): when the event loop lags past MAX_EVENT_LOOP_DELAY_MS or the heap holds
 * more than MAX_HEAP_MB, new requests are refused at once with 503, Retry-After and a `{ message }` like every other
 * error, instead of queueing behind work the process cannot finish in time. A load balancer then sends them to
 * another process. Health, readiness and metrics are exempt (route config `pressureHandler: letThrough`): they are
 * cheap, and they are how an operator sees the overload; `/ready` says so itself. So are the front end's built files
 * (scripts, fonts, pictures), read from disk at almost no cost.
 */
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** True while requests are being refused for load (readiness answers 503 then). */
    isOverloaded(): boolean;
  }
  interface FastifyContextConfig {
    /** under-pressure's per-route handler; `letThrough` answers the route even under load. */
    pressureHandler?: () => undefined;
  }
}

export const RETRY_AFTER_SECONDS = 10;
export const OVERLOADED = 'The server is busy right now. Please try again in a few seconds.';

/** A route config that keeps a route answering under load. */
export const letThrough = (): undefined => undefined;

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
  // The measurements start when the plugin is registered, so the first ones include start-up's own synchronous
  // work (schemas compiled, routes built): a new process would refuse its first requests for a second. Judge the
  // load only from two samples after the app is ready, when every sample measures serving.
  let judgedFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    judgedFrom = Date.now() + 2 * pressureSampleMs;
  });
  let lastWarned = 0;
  const overloaded = () => Date.now() >= judgedFrom && app.isUnderPressure();
  app.decorate('isOverloaded', overloaded);
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes: heapThresholdBytes(maxHeapMb),
    sampleInterval: pressureSampleMs,
    retryAfter: RETRY_AFTER_SECONDS,
    // A rejected promise goes to the app's error handler, which writes `{ message }` and the Retry-After header.
    pressureHandler: async (request, _reply, type, value) => {
      const now = Date.now();
      if (now < judgedFrom || isBuiltFile(request)) return;
      // One line per sample, not one per refused request: under overload the log must not add to the load.
      if (now - lastWarned >= pressureSampleMs) {
        lastWarned = now;
        request.log.warn({ type, value }, 'overloaded: refusing requests with 503');
      }
      throw new AppError(503, OVERLOADED, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    },
  });
}

export default fp(pressurePlugin, { name: 'pressure', dependencies: ['db', 'errors'] });
