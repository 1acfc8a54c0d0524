import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from './api';
import { usePageData } from './preload';
import type { AnswerOf } from './api-paths';

export interface ApiState<T> {
  data: T | null;
  error: ApiError | null;
  /** True while there is nothing to show yet (a reload keeps the previous answer on screen). */
  loading: boolean;
  reload: () => void;
}

/**
 * GETs a path (null: nothing to load), with any extra request headers, and keeps the answer, the error and a reload
 * function. When the page came with the answer, or with its 404 (server rendering, see preload.tsx), it starts from
 * it and does not ask again. The answer is typed by the operation the path names (lib/api-paths.ts).
 */
export function useApi<P extends string>(path: P | null, headers?: Record<string, string>): ApiState<AnswerOf<'GET', P>> {
  type T = AnswerOf<'GET', P>;
  // By value: a caller's new object with the same headers asks nothing again.
  const headerKey = headers ? JSON.stringify(headers) : '';
  const pageData = usePageData();
  const preloaded = path === null ? undefined : (pageData.get(path) as T | undefined);
  // A 404 the page was made with: the page shows it (as the server drew it) and does not ask again.
  const failed = path === null || preloaded !== undefined ? undefined : pageData.failed(path);
  if (path !== null && preloaded === undefined && !failed) pageData.want(path);
  const [data, setData] = useState<T | null>(preloaded ?? null);
  const [error, setError] = useState<ApiError | null>(failed ? new ApiError(failed.status, failed.message) : null);
  const [loading, setLoading] = useState(path !== null && preloaded === undefined && !failed);
  // The path the state above belongs to. Until the effect has started on a new path (the render right after the
  // path changed), what is held is the old path's: it is not shown as this path's, and this path counts as loading,
  // so nobody acts on that render (a child that would ask for the same data itself, say).
  const [heldFor, setHeldFor] = useState(path);
  const [tick, setTick] = useState(0);
  // The path the shown data belongs to, and whether it came with the page (then the first load is skipped).
  const shown = useRef<{ path: string | null; fromPage: boolean }>({ path, fromPage: preloaded !== undefined || failed !== undefined });

  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    if (shown.current.fromPage && shown.current.path === path && tick === 0) return;
    // A new path starts from nothing; a reload of the same path keeps what is shown (and the focus in it).
    if (shown.current.path !== path) setData(null);
    shown.current = { path, fromPage: false };
    const controller = new AbortController();
    setHeldFor(path);
    setLoading(true);
    setError(null);
    api.get(path, { signal: controller.signal, headers: headerKey ? (JSON.parse(headerKey) as Record<string, string>) : undefined }).then(
      (d) => {
        setData(d as T);
        setLoading(false);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setError(e instanceof ApiError ? e : new ApiError(0, String(e)));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [path, tick, headerKey]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  if (heldFor !== path) return { data: null, error: null, loading: path !== null, reload };
  return { data, error, loading: loading && data === null, reload };
}
