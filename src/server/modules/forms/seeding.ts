/**
 * Seeding the studio's versioned documents (forms, site content) from their files happens at start, never on a
 * read: a GET only reads. When the database does not answer at start, the server still starts (/ready says why)
 * and the seeding is tried again on a timer until it succeeds; reads meanwhile answer 503.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';

const RETRY_MS = 2000;

/** Runs `seed` now and, while it fails, again every two seconds (stopped when the app closes). */
export async function seedWithRetries(app: FastifyInstance, what: string, seed: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
  const attempt = (): Promise<void> =>
    seed().catch((err: unknown) => {
      app.log.warn({ err }, `${what} not loaded yet: the database did not answer; trying again`);
      if (!closed) timer = setTimeout(() => void attempt(), RETRY_MS).unref();
    });
  await attempt();
}

/** A memo of one seeding: its promise while it runs or once it succeeded; forgotten when it fails (to be retried). */
export class Seeding {
  private running: Promise<void> | undefined;

  constructor(
    private readonly what: string,
    private readonly seed: () => Promise<void>,
  ) {}

  /** Starts the seeding unless it is running or done (called at start and by the retry timer only). */
  start(): Promise<void> {
    this.running ??= this.seed().catch((err: unknown) => {
      this.running = undefined;
      throw err;
    });
    return this.running;
  }

  /** Resolves when the seeding is done (waiting for one that runs); a 503 when it has not succeeded yet. */
  done(): Promise<void> {
    return this.running ?? Promise.reject(new AppError(503, `The ${this.what} are not loaded yet: the database did not answer. Try again in a moment.`));
  }
}
