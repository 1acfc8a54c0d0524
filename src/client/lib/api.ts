/**
 * The one HTTP client: base path /api/v1, the session token from local storage (the seed's choice) as a bearer
 * header, JSON in and out, one error shape, and the answer typed by the operation it calls (lib/api-paths.ts).
 * On any 401 the token is dropped and the app is told, so it can send the person to sign in.
 *
 * Two ways to send, chosen per request: the signed-in app's calls (a session, or an upload that reports progress) go
 * through axios (lib/api-axios.ts), loaded with the first of them; a visitor's calls (the public pages' reads, signing
 * in or up) through the browser's own `fetch`, so the public pages load no HTTP library at all.
 */
import type { FieldError } from '../../shared/validation/errors';
import type { AnswerOf, Method } from './api-paths';
import { API_BASE, ApiError, NETWORK_MESSAGE, type Outgoing, type Raw, type Transport } from './api-transport';

export { API_BASE, ApiError, NETWORK_MESSAGE } from './api-transport';

export const TOKEN_KEY = 'token';
const TIMEOUT_MS = 120_000;

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

const viaFetch: Transport = async ({ method, url, headers: sent, body, signal, blob }) => {
  try {
    const res = await fetch(API_BASE + url, { method, headers: sent, body, signal });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: blob && res.ok ? await res.blob() : await res.text() };
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE, [], true);
  }
};

let axiosTransport: Promise<Transport> | undefined;
/** axios's transport, loaded once (a chunk of its own: the public pages never ask for it). */
function viaAxios(): Promise<Transport> {
  axiosTransport ??= import('./api-axios').then((m) => m.axiosTransport);
  return axiosTransport;
}
// A signed-in page asks for axios as it starts, beside its own code, rather than after it at its first call.
if (getToken()) void viaAxios();

/** Sends through the transport this request belongs to, within the timeout. */
async function send(request: Omit<Outgoing, 'signal' | 'headers'> & { signal?: AbortSignal; headers?: Record<string, string> }): Promise<Raw> {
  const sent = headers(request.body !== undefined, request.headers);
  const transport = sent.authorization || request.onUploadProgress ? await viaAxios() : viaFetch;
  const timed = withTimeout(request.signal);
  try {
    return await transport({ ...request, headers: sent, signal: timed.signal });
  } finally {
    timed.done();
  }
}

/** Turns a non-2xx answer into an `ApiError` (and ends the session on a 401 while one was open). */
async function failure(raw: Raw): Promise<ApiError> {
  const data = parse(typeof raw.body === 'string' ? raw.body : await raw.body.text()) as { message?: string; errors?: FieldError[] } | string;
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

/** Calls the API and returns the JSON answer, typed by the operation the method and path name; throws `ApiError`. */
export async function request<M extends Method, P extends string>(method: M, path: P, body?: unknown, options: RequestOptions = {}): Promise<AnswerOf<M, P>> {
  const raw = await send({ method, url: path, body: body === undefined ? undefined : JSON.stringify(body), ...options });
  if (raw.status < 200 || raw.status >= 300) throw await failure(raw);
  return parse(raw.body as string) as AnswerOf<M, P>;
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
  if (!sent || sent.path !== API_BASE + path) return null;
  delete holder.__sentEarly;
  const answer = sent.answer.then(async (raw) => {
    if (!raw) throw new ApiError(0, NETWORK_MESSAGE, [], true);
    if (raw.status < 200 || raw.status >= 300) throw await failure(raw);
    return parse(raw.body as string) as T;
  });
  return { data: sent.data, answer };
}

export const api = {
  get: <P extends string>(path: P, options?: RequestOptions) => request('GET', path, undefined, options),
  post: <P extends string>(path: P, body?: unknown, options?: RequestOptions) => request('POST', path, body ?? {}, options),
  put: <P extends string>(path: P, body?: unknown, options?: RequestOptions) => request('PUT', path, body, options),
  patch: <P extends string>(path: P, body?: unknown, options?: RequestOptions) => request('PATCH', path, body, options),
  delete: <P extends string>(path: P, options?: RequestOptions) => request('DELETE', path, undefined, options),
};

async function fetchBlob(path: string): Promise<Blob> {
  const raw = await send({ method: 'GET', url: path, body: undefined, blob: true });
  if (raw.status < 200 || raw.status >= 300) throw await failure(raw);
  return raw.body as Blob;
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
