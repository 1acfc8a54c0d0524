import { useState } from 'react';
import { api, ApiError } from './api';
import { useApi, type ApiState } from './use-api';
import type { AnswerOf } from './api-paths';

/** A page of a keyset-paginated list as the API answers it. */
export interface ListPage<T> {
  items: T[];
  /** Asks for the next page (`cursor=`); null on the last one. */
  nextCursor: string | null;
}

/** A list answer as shown: `A` is the path's answer (its first page, with every later page's items appended). */
export interface PagedState<A> extends ApiState<A> {
  /** Loads the next page after those shown; null when there is none. */
  more: (() => void) | null;
  loadingMore: boolean;
  /** Why the last "more" failed (the pages already shown stay). */
  moreError: string | null;
}

/**
 * A paginated list (`{ items, nextCursor }`): the first page as `useApi` gets it (from the page's data when it came
 * with it), then further pages on request, shown after it. A reload or another path starts again from the first page.
 * Fields the answer has besides its items (totals of the whole list, say) are the first page's. Typed by the
 * operation the path names, as `useApi`.
 */
export function usePagedApi<P extends string>(path: P | null): PagedState<AnswerOf<'GET', P>> {
  const first = useApi(path) as ApiState<ListPage<unknown>>;
  // Later pages belong to the first page they followed: a new answer (reload, another path) drops them.
  const [later, setLater] = useState<{ after: ListPage<unknown>; items: unknown[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const current = later && first.data && later.after === first.data ? later : null;
  const cursor = current ? current.cursor : (first.data?.nextCursor ?? null);

  async function more() {
    if (!path || !cursor || !first.data || loadingMore) return;
    const after = first.data;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = (await api.get(`${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`)) as ListPage<unknown>;
      setLater((prev) => ({ after, items: [...(prev && prev.after === after ? prev.items : []), ...page.items], cursor: page.nextCursor }));
    } catch (err) {
      setMoreError(err instanceof ApiError ? err.message : 'More could not be loaded.');
    } finally {
      setLoadingMore(false);
    }
  }

  const state: PagedState<ListPage<unknown>> = {
    data: first.data ? { ...first.data, items: [...first.data.items, ...(current?.items ?? [])] } : null,
    error: first.error,
    loading: first.loading,
    reload: first.reload,
    more: cursor ? () => void more() : null,
    loadingMore,
    moreError,
  };
  return state as PagedState<AnswerOf<'GET', P>>;
}
