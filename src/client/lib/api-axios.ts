/**
 * The signed-in app's transport (lib/api.ts chooses it): axios, which reports an upload's progress. It only sends:
 * headers, the timeout, statuses and errors stay lib/api.ts's, so both transports answer alike. Imported
 * dynamically, never by a public page.
 */
import axios from 'axios';
import { API_BASE, ApiError, NETWORK_MESSAGE, type Transport } from './api-transport';

const client = axios.create({
  baseURL: API_BASE,
  // Every status is an answer here: lib/api.ts turns a refusal into its ApiError, as for fetch.
  validateStatus: () => true,
  // The body as it came: lib/api.ts parses it (a text answer stays text).
  transformResponse: [(data: unknown) => data],
});

/** axios's adapter of the client (tests replace it to see what would be sent). */
export const axiosClient = client;

export const axiosTransport: Transport = async ({ method, url, headers, body, signal, onUploadProgress, blob }) => {
  try {
    const res = await client.request<string | Blob>({
      method,
      url,
      headers,
      data: body,
      signal,
      responseType: blob ? 'blob' : 'text',
      onUploadProgress: onUploadProgress && ((e) => onUploadProgress(e.total ? e.loaded / e.total : 0)),
    });
    const retryAfter = res.headers['retry-after'] as string | undefined;
    return { status: res.status, retryAfter: retryAfter ?? null, body: res.data ?? '' };
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE, [], true);
  }
};
