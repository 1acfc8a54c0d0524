import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LinkButton } from '../ui/Button';
import { useContent } from '../config';
import { notFoundTitle, useNotFoundStatus } from '../lib/page-status';

/** A real 404 page: says what happened and offers ways on; rendered on the server, it answers 404. */
export default function NotFoundPage() {
  const location = useLocation();
  const { siteName } = useContent();
  useNotFoundStatus();
  useEffect(() => {
    document.title = notFoundTitle(siteName);
  }, [siteName, location.pathname]);
  return (
    <div className="container container-sm" style={{ paddingTop: 80, paddingBottom: 80, textAlign: 'center' }}>
      <p className="t-h2" style={{ color: 'var(--primary)' }} aria-hidden="true">
        404
      </p>
      <h1 className="t-h4 t-gutter">Page not found</h1>
      <p className="t-body t-muted" style={{ marginBottom: 32 }}>
        There is nothing at <code style={{ wordBreak: 'break-all' }}>{location.pathname + location.search}</code>. The link may be old, or the page may have moved.
      </p>
      <div style={{ display: 'flex', gap: 16, justifyContent: 'center', flexWrap: 'wrap' }}>
        <LinkButton variant="contained" to="/">
          Go to the home page
        </LinkButton>
        <LinkButton variant="outlined" to="/projects">
          Browse projects
        </LinkButton>
      </div>
    </div>
  );
}
