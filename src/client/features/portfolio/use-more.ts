/**
 * Later pages of a list whose first page came inside a bigger answer (the portfolio carries its lists' first pages):
 * `more` asks `path?cursor=` for the next and appends it. A new first page starts again.
 */
import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import type { ListPage } from '../../lib/use-paged-api';

export function useMore<T>(first: ListPage<T>, path: string) {
  const [later, setLater] = useState<{ after: ListPage<T>; items: T[]; cursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const current = later?.after === first ? later : null;
  const cursor = current ? current.cursor : first.nextCursor;

  async function more() {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      // The path is the list's own (a prop): its page's items are the first page's kind.
      const page = (await api.get(`${path}?cursor=${encodeURIComponent(cursor)}`)) as ListPage<T>;
      setLater({ after: first, items: [...(current?.items ?? []), ...page.items], cursor: page.nextCursor });
    } catch (err) {
      setMoreError(err instanceof ApiError ? err.message : 'More could not be loaded.');
    } finally {
      setLoadingMore(false);
    }
  }

  return { items: [...first.items, ...(current?.items ?? [])], more: cursor ? more : null, loadingMore, moreError };
}
