import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { usePageData } from '../../lib/preload';
import type { ProjectPage, ProjectView } from '../../../shared/api/views';
import type { PageProps } from '../../config';
import PageHero from '../../components/PageHero';
import ProjectCard from '../../components/ProjectCard';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import { CATEGORIES } from './categories';
import { Button } from '../../ui/Button';
import { gap } from '../../ui/grid';
import { useWords } from '../../lib/words';

/**
 * The public project list: approved projects, by category, newest or most funded first, a page at a time. Drawn in
 * plain CSS, its filters the browser's own selects (a phone's native picker), so a visitor's first use of the page
 * loads no Material.
 */
export default function ProjectsPage({ props }: PageProps) {
  const { t } = useWords();
  const [params, setParams] = useSearchParams();
  // A choice is shown at once (the heading, the list dimmed until its projects come) and put in the address just
  // after that frame: the router's update (a transition through the whole page, and the browser's history) is not
  // in the way of the answer. It holds only while the address is the one it was made at.
  const [chosen, setChosen] = useState<{ at: string; values: URLSearchParams } | null>(null);
  const shown = chosen && chosen.at === params.toString() ? chosen.values : params;
  const pending = useRef<URLSearchParams | null>(null);
  const category = shown.get('category') ?? (typeof props.category === 'string' ? props.category : '');
  const sort = shown.get('sort') === 'most_funded' ? 'most_funded' : 'newest';
  const query = (after?: string): `/projects?${string}` =>
    `/projects?limit=12&sort=${sort}${category ? `&category=${encodeURIComponent(category)}` : ''}${after ? `&cursor=${after}` : ''}`;

  // A server-rendered page came with its first page of projects: start from it and do not ask again.
  const pageData = usePageData();
  const first = pageData.get(query()) as ProjectPage | undefined;
  if (!first) pageData.want(query());
  const [items, setItems] = useState<ProjectView[]>(first?.items ?? []);
  const [cursor, setCursor] = useState<string | null>(first?.nextCursor ?? null);
  const [loading, setLoading] = useState(!first);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const fromPage = useRef(first ? query() : null);

  useEffect(() => {
    if (fromPage.current === query() && tick === 0) return;
    fromPage.current = null;
    let live = true;
    setLoading(true);
    setError(null);
    api.get(query()).then(
      (page) => {
        if (!live) return;
        setItems(page.items);
        setCursor(page.nextCursor);
        setLoading(false);
      },
      (e: ApiError) => {
        if (!live) return;
        setError(e.message);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [category, sort, tick]);

  async function loadMore() {
    if (!cursor) return;
    setMore(true);
    try {
      const page = await api.get(query(cursor));
      setItems((list) => [...list, ...page.items]);
      setCursor(page.nextCursor);
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setMore(false);
    }
  }

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(shown);
    if (value) next.set(key, value);
    else next.delete(key);
    setChosen({ at: params.toString(), values: next });
    // Only the last of choices made in quick succession reaches the address (an earlier one would be shown again).
    pending.current = next;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (pending.current !== next) return;
        pending.current = null;
        setParams(next, { replace: true });
      }),
    );
  };

  return (
    <>
      <PageHero
        title={category ? t('{category} projects', { category: t(category) }) : t('Projects')}
        intro={t('Approved projects: open for investment and donations, funded, and completed campaigns.')}
      />
      <div className="container page-body">
        {/* A plain form too: without the code, a choice loads the server's page for it (/boot.js; without any script,
            the Show button). An option's data-heading is the heading /boot.js shows meanwhile. */}
        <form className="filters" method="get" action="/projects" data-filters="" onSubmit={(e) => e.preventDefault()}>
          <div className="select-field" style={{ minWidth: 220 }}>
            <label htmlFor="filter-category">{t('Category')}</label>
            <select id="filter-category" name="category" value={category} onChange={(e) => set('category', e.target.value)}>
              <option value="" data-heading={t('Projects')}>
                {t('All categories')}
              </option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c} data-heading={t('{category} projects', { category: t(c) })}>
                  {t(c)}
                </option>
              ))}
            </select>
          </div>
          <div className="select-field" style={{ minWidth: 200 }}>
            <label htmlFor="filter-sort">{t('Sort by')}</label>
            <select id="filter-sort" name="sort" value={sort} onChange={(e) => set('sort', e.target.value === 'newest' ? '' : e.target.value)}>
              <option value="newest">{t('Newest first')}</option>
              <option value="most_funded">{t('Most funded first')}</option>
            </select>
          </div>
          <noscript>
            <button type="submit" className="btn btn-outlined">
              {t('Show')}
            </button>
          </noscript>
        </form>
        {/* While another choice's projects come, the last ones stay, dimmed (site.css). */}
        <div data-filter-results="" aria-busy={loading || undefined}>
          {loading && items.length === 0 ? (
            <Loading label={t('Loading projects…')} />
          ) : error && !loading ? (
            <ErrorState message={t('Projects could not be loaded: {reason}', { reason: error })} onRetry={() => setTick((n) => n + 1)} />
          ) : items.length === 0 && !loading ? (
            <EmptyState
              title={category ? t('No {category} projects yet.', { category: t(category) }) : t('No projects yet.')}
              text={t('Approved projects appear here. Try another category, or come back soon.')}
            />
          ) : (
            <>
              <div className="grid" style={gap(24)}>
                {items.map((p) => (
                  <div key={p.id} className="col-12 col-sm-6 col-md-4">
                    <ProjectCard project={p} heading="h2" />
                  </div>
                ))}
              </div>
              {cursor && (
                <div style={{ textAlign: 'center', marginTop: 32 }}>
                  <Button variant="outlined" size="large" onClick={loadMore} disabled={more || loading} startIcon={more ? <span className="spinner spinner-small" aria-hidden="true" /> : undefined}>
                    {t('Load more projects')}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}
