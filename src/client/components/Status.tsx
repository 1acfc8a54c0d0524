/** Loading, empty and error states that say what happened and what to do. */
import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ApiState } from '../lib/use-api';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center', color: 'text.secondary' }}>
      <CircularProgress size={24} aria-hidden />
      <span>{label}</span>
    </Box>
  );
}

export function SkeletonBlock({ height = 120 }: { height?: number }) {
  return <Skeleton variant="rounded" height={height} aria-hidden />;
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
      sx={{ my: 2 }}
    >
      {message}
    </Alert>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, border: '1px dashed', borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
          {text}
        </Typography>
      )}
      {action}
    </Box>
  );
}

/**
 * A screen that could not be drawn: its code did not arrive (a phone's connection dropped on the way) or failed.
 * The rest of the site stays usable (header, menu, other pages) and the person is told what to do, instead of the
 * whole page going blank. Try again loads the page afresh, which fetches its code again.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: 4 }}>
        <ErrorState message="This page could not be loaded. Check your connection, then try again." onRetry={() => window.location.reload()} />
      </Box>
    );
  }
}

/**
 * A list answered by the API in its four states: progress while nothing is shown yet, the error with Try again,
 * `empty` when the list has no items, otherwise `children` with the items.
 */
export function ApiItems<T>({ state, loadingLabel, empty, children }: { state: ApiState<{ items: T[] }>; loadingLabel?: string; empty: ReactNode; children: (items: T[]) => ReactNode }) {
  if (state.loading) return <Loading label={loadingLabel} />;
  if (state.error) return <ErrorState message={state.error.message} onRetry={state.reload} />;
  if (!state.data?.items.length) return <>{empty}</>;
  return <>{children(state.data.items)}</>;
}

/** "Load more" under a paginated list (see usePagedApi): shown while there is a next page; its failure said under it. */
export function LoadMore({ state, label, pb }: { state: { more: (() => void) | null; loadingMore: boolean; moreError: string | null }; label: string; pb?: number }) {
  // Nothing at all (no empty padded box) when there is no next page.
  if (!state.more && !state.moreError) return null;
  return (
    <Box sx={{ textAlign: 'center', mt: 3, pb }}>
      {state.more && (
        <Button variant="outlined" onClick={state.more} disabled={state.loadingMore} startIcon={state.loadingMore ? <CircularProgress size={16} aria-hidden /> : undefined}>
          {label}
        </Button>
      )}
      {state.moreError && (
        <Alert severity="error" sx={{ mt: 2, textAlign: 'left' }}>
          {state.moreError}
        </Alert>
      )}
    </Box>
  );
}
