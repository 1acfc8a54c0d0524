/**
 * What the API client (lib/api.ts) and its transports share: where the API is, the one error shape, and what a
 * transport is given and answers. Apart from both, so the axios transport (lib/api-axios.ts) needs nothing of the
 * client that loads it.
 */
import type { FieldError } from '../../shared/validation/errors';
import type { Method } from './api-paths';

/** Where the API is: every path the client is given is under it. */
export const API_BASE = '/api/v1';

/** What every failed call turns into. `network` is true when the server could not be reached at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly network = false,
    /** From a 429's Retry-After header: how many seconds until asking again can succeed. */
    readonly retryAfterSeconds?: number,
    /** The whole JSON answer, for answers that say more than a message (a 404 draft's `others`). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again — what you typed is kept.';

/** A request as a transport sends it: the path under /api/v1, every header, the body as text. */
export interface Outgoing {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Aborts on the caller's signal and on the timeout. */
  signal: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
  /** The answer's body as a Blob (a file), else as text. */
  blob?: boolean;
}

/** An answer as received: status, the Retry-After header, and the body (text or, when asked, a Blob). */
export interface Raw {
  status: number;
  retryAfter: string | null;
  body: string | Blob;
}

/** Sends a request; rejects only when no answer came (then with the network ApiError). */
export type Transport = (request: Outgoing) => Promise<Raw>;
