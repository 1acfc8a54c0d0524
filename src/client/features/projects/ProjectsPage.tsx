import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import CircularProgress from '@mui/material/CircularProgress';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { usePageData } from '../../lib/preload';
import type { ProjectPage, ProjectView } from '../../../shared/api/views';
import type { PageProps } from '../../app/pages';
import PageHero from '../../components/PageHero';
import ProjectCard from '../../components/ProjectCard';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import { CATEGORIES } from './categories';

/** The public project list: approved projects, by category, newest or most funded first, a page at a time. */
export default function ProjectsPage({ props }: PageProps) {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? (typeof props.category === 'string' ? props.category : '');
  const sort = params.get('sort') === 'most_funded' ? 'most_funded' : 'newest';
  const query = (after?: string) =>
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
    api.get<ProjectPage>(query()).then(
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
      const page = await api.get<ProjectPage>(query(cursor));
      setItems((list) => [...list, ...page.items]);
      setCursor(page.nextCursor);
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setMore(false);
    }
  }

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHero title={category ? `${category} projects` : 'Projects'} intro="Approved projects: open for investment and donations, funded, and completed campaigns." />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 4 }}>
          <FormControl sx={{ minWidth: 220 }} size="small">
            <InputLabel id="filter-category">Category</InputLabel>
            <Select labelId="filter-category" label="Category" value={category} onChange={(e) => set('category', e.target.value)}>
              <MenuItem value="">All categories</MenuItem>
              {CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl sx={{ minWidth: 200 }} size="small">
            <InputLabel id="filter-sort">Sort by</InputLabel>
            <Select labelId="filter-sort" label="Sort by" value={sort} onChange={(e) => set('sort', e.target.value === 'newest' ? '' : e.target.value)}>
              <MenuItem value="newest">Newest first</MenuItem>
              <MenuItem value="most_funded">Most funded first</MenuItem>
            </Select>
          </FormControl>
        </Box>
        {loading ? (
          <Loading label="Loading projects…" />
        ) : error ? (
          <ErrorState message={`Projects could not be loaded: ${error}`} onRetry={() => setTick((t) => t + 1)} />
        ) : items.length === 0 ? (
          <EmptyState title={category ? `No ${category} projects yet.` : 'No projects yet.'} text="Approved projects appear here. Try another category, or come back soon." />
        ) : (
          <>
            <Grid container spacing={3}>
              {items.map((p) => (
                <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }}>
                  <ProjectCard project={p} heading="h2" />
                </Grid>
              ))}
            </Grid>
            {cursor && (
              <Box sx={{ textAlign: 'center', mt: 4 }}>
                <Button variant="outlined" size="large" onClick={loadMore} disabled={more} startIcon={more ? <CircularProgress size={16} aria-hidden /> : undefined}>
                  Load more projects
                </Button>
              </Box>
            )}
          </>
        )}
      </Container>
    </>
  );
}
