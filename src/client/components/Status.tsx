/**
 * Loading, empty and error states that say what happened and what to do. Drawn in plain CSS (src/client/ui/site.css):
 * the router and every page to read use them, and they must not bring Material to every page.
 */
import { Component, type ReactNode } from 'react';
import type { ApiState } from '../lib/use-api';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { useWords } from '../lib/words';

export function Loading({ label }: { label?: string }) {
  const { t } = useWords();
  return (
    <div role="status" aria-live="polite" className="loading">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('Loading…')}</span>
    </div>
  );
}

export function SkeletonBlock({ height = 120 }: { height?: number }) {
  return <span className="skeleton" style={{ height }} aria-hidden="true" />;
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useWords();
  return (
    <Notice
      tone="error"
      role="alert"
      style={{ margin: '16px 0' }}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('Try again')}
          </Button>
        )
      }
    >
      {message}
    </Notice>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="t-h6 t-gutter">{title}</p>
      {text && (
        <p className="t-body t-muted" style={{ marginBottom: action ? 16 : 0 }}>
          {text}
        </p>
      )}
      {action}
    </div>
  );
}

function PageFailed() {
  const { t } = useWords();
  return <ErrorState message={t('This page could not be loaded. Check your connection, then try again.')} onRetry={() => window.location.reload()} />;
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
      <div className="container" style={{ paddingTop: 32, paddingBottom: 32 }}>
        <PageFailed />
      </div>
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
