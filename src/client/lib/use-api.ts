import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from './api';

export interface ApiState<T> {
  data: T | null;
  error: ApiError | null;
  /** True while there is nothing to show yet (a reload keeps the previous answer on screen). */
  loading: boolean;
  reload: () => void;
}

/** GETs a path (null: nothing to load) and keeps the answer, the error and a reload function. */
export function useApi<T>(path: string | null): ApiState<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [tick, setTick] = useState(0);

  // A new path starts from nothing; a reload of the same path keeps what is shown (and the focus in it).
  useEffect(() => {
    setData(null);
  }, [path]);

  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    api.get<T>(path, { signal: controller.signal }).then(
      (d) => {
        setData(d);
        setLoading(false);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setError(e instanceof ApiError ? e : new ApiError(0, String(e)));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [path, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading: loading && data === null, reload };
}
