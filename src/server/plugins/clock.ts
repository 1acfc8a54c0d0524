/**
 * The time the app's business steps happen at (an agreement accepted, a campaign approved, an instalment paid): one
 * function, `app.now()`, so a test can set the clock across Dhaka's midnight (18:00 UTC) and see the dates those
 * steps write, without faking the process's Date (which PGlite and the timers also use).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time for business steps: the wall clock, unless the app was built with another. */
    now(): Date;
  }
}

export interface ClockOptions {
  clock?: () => Date;
}

async function clockPlugin(app: FastifyInstance, options: ClockOptions): Promise<void> {
  app.decorate('now', options.clock ?? (() => new Date()));
}

export default fp(clockPlugin, { name: 'clock' });
