/**
 * The one HTTP client, on the browser's own `fetch` (no library in the page's critical path): base path /api/v1,
 * the session token from local storage (the seed's choice) as a bearer header, JSON in and out, and one error shape.
 * On any 401 the token is dropped and the app is told, so it can send the person to sign in. A request that reports
 * upload progress goes through XMLHttpRequest, the one browser API that reports it.
 */
import type { FieldError } from '../../shared/validation/errors';

export const TOKEN_KEY = 'token';
/** Where the API is (the requests' paths are under it). */
export const API_BASE = '/api/v1';
const BASE = API_BASE;
const TIMEOUT_MS = 120_000;

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

let onUnauthorized: (() => void) | null = null;
/** Registers what happens when the server answers 401 (the auth provider signs the user out). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export interface RequestOptions {
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** More request headers (a receipt's key). */
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer as received: status, the Retry-After header, and the body as text (JSON is parsed later). */
interface Raw {
  status: number;
  retryAfter: string | null;
  body: string;
}

function headers(hasBody: boolean, extra: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { ...extra, accept: 'application/json, text/plain, */*' };
  const token = getToken();
  if (token) out.authorization = `Bearer ${token}`;
  if (hasBody) out['content-type'] = 'application/json';
  return out;
}

/** JSON when the text is JSON, else the text itself (an empty body is ''), as the previous client answered. */
function parse(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The caller's signal and the timeout, as one signal. */
function withTimeout(signal: AbortSignal | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const forward = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}

async function viaFetch(method: Method, path: string, body: string | undefined, { signal, headers: extra }: RequestOptions): Promise<Raw> {
  const timed = withTimeout(signal);
  try {
    const res = await fetch(BASE + path, { method, headers: headers(body !== undefined, extra), body, signal: timed.signal });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE, [], true);
  } finally {
    timed.done();
  }
}

function viaXhr(method: Method, path: string, body: string | undefined, options: RequestOptions): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, BASE + path);
    xhr.timeout = TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers(body !== undefined, options.headers))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => options.onUploadProgress!(e.lengthComputable && e.total ? e.loaded / e.total : 0);
    xhr.onload = () => resolve({ status: xhr.status, retryAfter: xhr.getResponseHeader('retry-after'), body: xhr.responseText });
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new ApiError(0, NETWORK_MESSAGE, [], true));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body ?? null);
  });
}

/** Turns a non-2xx answer into an `ApiError` (and ends the session on a 401 while one was open). */
function failure(raw: Raw): ApiError {
  const data = parse(raw.body) as { message?: string; errors?: FieldError[] } | string;
  const json = typeof data === 'object' && data !== null ? data : undefined;
  const retryAfter = Number(raw.retryAfter);
  const error = new ApiError(
    raw.status,
    json?.message ?? `The server answered ${raw.status}.`,
    json?.errors ?? [],
    false,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    json as Record<string, unknown> | undefined,
  );
  if (raw.status === 401 && getToken()) {
    setToken(null);
    onUnauthorized?.();
  }
  return error;
}

/** Calls the API and returns the JSON answer; throws `ApiError`. */
export async function request<T = unknown>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const raw = options.onUploadProgress ? await viaXhr(method, path, text, options) : await viaFetch(method, path, text, options);
  if (raw.status < 200 || raw.status >= 300) throw failure(raw);
  return parse(raw.body) as T;
}

/** What /boot.js keeps of a form it sent before the code arrived (`window.__sentEarly`; features/forms/early-submit.ts). */
interface SentEarly {
  path: string;
  /** The form's values as it sent them (by the form's field names). */
  data: Record<string, unknown>;
  /** The answer as received, or null when the server could not be reached. */
  answer: Promise<Raw | null>;
}

/**
 * A form /boot.js sent to `path` before the page's code arrived (a screen's `submit.early`), taken once: its values,
 * and its answer as `request` would have given it (the JSON answer, or an `ApiError`). Null when none was sent.
 */
export function takeSentEarly<T = unknown>(path: string): { data: Record<string, unknown>; answer: Promise<T> } | null {
  const holder = window as { __sentEarly?: SentEarly };
  const sent = holder.__sentEarly;
  if (!sent || sent.path !== BASE + path) return null;
  delete holder.__sentEarly;
  const answer = sent.answer.then((raw) => {
    if (!raw) throw new ApiError(0, NETWORK_MESSAGE, [], true);
    if (raw.status < 200 || raw.status >= 300) throw failure(raw);
    return parse(raw.body) as T;
  });
  return { data: sent.data, answer };
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

async function fetchBlob(path: string): Promise<Blob> {
  const timed = withTimeout(undefined);
  let res: Response;
  try {
    res = await fetch(BASE + path, { headers: headers(false), signal: timed.signal });
  } catch {
    timed.done();
    throw new ApiError(0, NETWORK_MESSAGE, [], true);
  }
  try {
    if (!res.ok) throw failure({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() });
    return await res.blob();
  } finally {
    timed.done();
  }
}

const fileUrls = new Map<string, Promise<string>>();
/**
 * A URL an <img> can show for a stored file. Files need the session header, so they are fetched as blobs; public
 * images (a project's) work without one.
 */
export function fileUrl(fileId: string): Promise<string> {
  let url = fileUrls.get(fileId);
  if (!url) {
    url = fetchBlob(`/files/${fileId}`)
      .then((blob) => URL.createObjectURL(blob))
      .catch((err: unknown) => {
        fileUrls.delete(fileId);
        throw err instanceof ApiError ? err : new ApiError(0, (err as Error).message ?? 'Something went wrong.');
      });
    fileUrls.set(fileId, url);
  }
  return url;
}

/**
 * Downloads a private file (one that needs the session header, so a plain link cannot fetch it) and hands it to the
 * browser as a download named `fileName`.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await fetchBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
