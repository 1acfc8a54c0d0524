/**
 * The catalogue of domain failures: each has a status and a message a person can act on. Routes throw these;
 * the error handler turns them into `{ message, errors? }` answers.
 */
import type { FieldError } from '../shared/validation/errors';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
/** Not found, and also the answer for someone else's records: their existence is not revealed. */
export const notFound = (what = 'This record') => new AppError(404, `${what} was not found.`);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const badGateway = (message: string) => new AppError(502, message);

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE = 'The service cannot reach its database right now. Please try again in a few seconds.';
/** The database is down, restarting or not answering: try again soon (the error handler's answer for such errors). */
export const databaseUnavailable = () =>
  new AppError(503, DATABASE_UNAVAILABLE, undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });

/** Seconds a client is asked to wait (Retry-After) when this process is too busy to take the request. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 10;
export const OVERLOADED = 'The server is busy right now. Please try again in a few seconds.';
/**
 * This process has more work than it can take now (load shedding, or no pooled database connection free in time):
 * try again soon, here or at another process. The database is up.
 */
export const overloaded = () => new AppError(503, OVERLOADED, undefined, { 'retry-after': String(OVERLOADED_RETRY_AFTER_SECONDS) });

/** The message of a 400 from schema validation, and of every 400 that names the fields to correct. */
export const VALIDATION_MESSAGE = 'Please correct the highlighted fields.';

/** A 400 naming the fields to correct (each `path` a JSON pointer into the body), as schema validation answers. */
export const fieldErrors = (errors: FieldError[]) => badRequest(VALIDATION_MESSAGE, errors);

/** Human wording for a wait, e.g. "2 minutes 5 seconds". */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  const r = s % 60;
  const parts: string[] = [];
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (r) parts.push(`${r} second${r === 1 ? '' : 's'}`);
  return parts.join(' ');
}
