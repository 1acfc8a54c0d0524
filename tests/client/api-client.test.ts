// @vitest-environment jsdom
/**
 * The one HTTP client (src/client/lib/api.ts): a visitor's calls go through the browser's fetch, the signed-in app's
 * through axios (an upload's progress too); both answer alike — the JSON answer, or an ApiError with the server's
 * message, field errors and Retry-After, a network failure, and a 401 that ends the session.
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { api, ApiError, getToken, NETWORK_MESSAGE, setToken, setUnauthorizedHandler } from '../../src/client/lib/api';
import { axiosClient } from '../../src/client/lib/api-axios';
import type { AnswerOf, ApiItem } from '../../src/client/lib/api-paths';
import type { ApiAnswers } from '../../src/shared/generated/api-types';

const TOKEN = 'b'.repeat(40);

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => ({ data: JSON.stringify(body), status, statusText: '', headers, config });
}

describe('the API client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const adapter = vi.fn<AxiosAdapter>();
  const realAdapter = axiosClient.defaults.adapter;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    axiosClient.defaults.adapter = adapter;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    adapter.mockReset();
    axiosClient.defaults.adapter = realAdapter;
    setUnauthorizedHandler(null);
    setToken(null);
  });

  it('reads for a visitor through fetch, with no session header', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200 }));
    expect(await api.get('/projects?limit=9')).toEqual({ items: [], nextCursor: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/projects?limit=9');
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
    expect(adapter).not.toHaveBeenCalled();
  });

  it('sends the signed-in app’s calls through axios, with the bearer token, JSON body and extra headers', async () => {
    setToken(TOKEN);
    adapter.mockImplementation(answer(201, { message: 'Sent.' }));
    expect(await api.post('/offers/1/requests', { projectId: 'p' }, { headers: { 'idempotency-key': 'k1' } })).toEqual({ message: 'Sent.' });
    const config = adapter.mock.calls[0]![0];
    expect(axiosClient.getUri(config)).toBe('/api/v1/offers/1/requests');
    expect(config.method).toBe('post');
    expect(config.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(config.headers.get('idempotency-key')).toBe('k1');
    expect(config.headers.get('content-type')).toBe('application/json');
    expect(config.data).toBe('{"projectId":"p"}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports an upload’s progress through axios, even before a session', async () => {
    adapter.mockImplementation(async (config) => {
      config.onUploadProgress?.({ loaded: 50, total: 200, bytes: 50, lengthComputable: true });
      config.onUploadProgress?.({ loaded: 200, total: 200, bytes: 150, lengthComputable: true });
      return answer(200, { ok: true })(config);
    });
    const seen: number[] = [];
    await api.post('/profile/verification', { nid: 'x' }, { onUploadProgress: (f) => seen.push(f) });
    expect(seen).toEqual([0.25, 1]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a refusal into an ApiError with the message, the field errors, the whole answer and Retry-After', async () => {
    setToken(TOKEN);
    adapter.mockImplementation(answer(429, { message: 'Too many requests.', errors: [{ path: '/amount', message: 'Too big.' }] }, { 'retry-after': '30' }));
    const error = await api.get('/me/portfolio').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many requests.', errors: [{ path: '/amount', message: 'Too big.' }], retryAfterSeconds: 30, network: false });
    expect((error as ApiError).body).toEqual({ message: 'Too many requests.', errors: [{ path: '/amount', message: 'Too big.' }] });
  });

  it('ends the session on a 401 and tells the app', async () => {
    setToken(TOKEN);
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    adapter.mockImplementation(answer(401, { message: 'Please sign in.' }));
    await expect(api.get('/me/notices')).rejects.toMatchObject({ status: 401, message: 'Please sign in.' });
    expect(getToken()).toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('says the server could not be reached, through either transport', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/projects')).rejects.toMatchObject({ status: 0, network: true, message: NETWORK_MESSAGE });
    setToken(TOKEN);
    adapter.mockRejectedValue(new Error('Network Error'));
    await expect(api.get('/projects')).rejects.toMatchObject({ status: 0, network: true, message: NETWORK_MESSAGE });
  });

  it('gives up after the timeout, aborting the request', async () => {
    vi.useFakeTimers();
    try {
      setToken(TOKEN);
      adapter.mockImplementation(
        (config) => new Promise((_resolve, reject) => config.signal?.addEventListener?.('abort', () => reject(new Error('canceled')))),
      );
      const call = api.get('/me/portfolio').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(await call).toMatchObject({ status: 0, network: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('types an answer by the operation its method and path name', () => {
    expectTypeOf<Awaited<ReturnType<typeof api.get<'/me/agreement-requests'>>>>().toEqualTypeOf<ApiAnswers['GET /me/agreement-requests']>();
    expectTypeOf<AnswerOf<'GET', `/projects/${string}`>>().toEqualTypeOf<ApiAnswers['GET /projects/{id}']>();
    expectTypeOf<AnswerOf<'GET', `/projects/${string}/repayment-record`>>().toEqualTypeOf<ApiAnswers['GET /projects/{id}/repayment-record']>();
    expectTypeOf<AnswerOf<'GET', '/projects?status=open&limit=50'>>().toEqualTypeOf<ApiAnswers['GET /projects']>();
    expectTypeOf<AnswerOf<'GET', string>>().toBeUnknown();
    expectTypeOf<ApiItem<'GET /me/agreement-requests'>['status']>().toEqualTypeOf<'pending' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'cancelled'>();
  });
});
