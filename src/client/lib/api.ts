/**
 * The one HTTP client (axios): base path /api/v1, the session token from local storage (the seed's choice) as a
 * bearer header, and one error shape. On any 401 the token is dropped and the app is told, so it can send the
 * person to sign in.
 */
import axios, { AxiosError, type AxiosProgressEvent } from 'axios';
import type { FieldError } from '../../shared/validation/errors';

export const TOKEN_KEY = 'token';

/** What every failed call turns into. `network` is true when the server could not be reached at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly network = false,
    /** From a 429's Retry-After header: how many seconds until asking again can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again — what you typed is kept.';

const client = axios.create({ baseURL: '/api/v1', timeout: 120_000 });

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

client.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

function toApiError(err: unknown): ApiError {
  if (err instanceof AxiosError) {
    if (!err.response) return new ApiError(0, NETWORK_MESSAGE, [], true);
    const data = err.response.data as { message?: string; errors?: FieldError[] } | undefined;
    const retryAfter = Number(err.response.headers?.['retry-after']);
    return new ApiError(
      err.response.status,
      data?.message ?? `The server answered ${err.response.status}.`,
      data?.errors ?? [],
      false,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return new ApiError(0, (err as Error).message ?? 'Something went wrong.');
}

client.interceptors.response.use(undefined, (err: unknown) => {
  const apiError = toApiError(err);
  if (apiError.status === 401 && getToken()) {
    setToken(null);
    onUnauthorized?.();
  }
  return Promise.reject(apiError);
});

export interface RequestOptions {
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Calls the API and returns the JSON answer; throws `ApiError`. */
export async function request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const res = await client.request<T>({
    method,
    url: path,
    data: body,
    signal: options.signal,
    onUploadProgress: options.onUploadProgress
      ? (e: AxiosProgressEvent) => options.onUploadProgress!(e.total ? e.loaded / e.total : 0)
      : undefined,
  });
  return res.data;
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

const fileUrls = new Map<string, Promise<string>>();
/**
 * A URL an <img> can show for a stored file. Files need the session header, so they are fetched as blobs; public
 * images (a project's) work without one.
 */
export function fileUrl(fileId: string): Promise<string> {
  let url = fileUrls.get(fileId);
  if (!url) {
    url = client
      .get<Blob>(`/files/${fileId}`, { responseType: 'blob' })
      .then((res) => URL.createObjectURL(res.data))
      .catch((err: unknown) => {
        fileUrls.delete(fileId);
        throw toApiError(err);
      });
    fileUrls.set(fileId, url);
  }
  return url;
}
