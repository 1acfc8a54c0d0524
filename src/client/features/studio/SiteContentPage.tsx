/**
 * Staff: the site content (texts, menus, home-page sections, pages, blog posts, help) edited through a form the
 * engine generates from content.schema.json (with content.ui.json's hints), the way the forms are edited: the draft
 * saves itself with the problems the server finds, the Changes tab compares it with the published version, the
 * History tab restores an older one, the Bengali tab puts every English text beside its Bengali
 * (ContentTranslationsPanel), and Publish (with a note) is refused while there are problems, while a text has no
 * Bengali, or when someone published after the draft was started. When approval is required (four eyes) a published version waits until
 * another staff member approves it (PendingApproval). Visitors get a live version on their next page load.
 */
import { useCallback, useEffect, useState } from 'react';
import { ErrorState, Loading } from '../../components/Status';
import { useWords } from '../../lib/words';
import { loadSiteContent, type Loaded } from './site-content-load';
import SiteContentEditor from './SiteContentEditor';

export default function SiteContentPage() {
  const { t } = useWords();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [drawn, setDrawn] = useState(0);
  const reload = useCallback(() => {
    setLoadError(null);
    loadSiteContent().then(
      (l) => {
        setLoaded(l);
        setDrawn((n) => n + 1);
      },
      (e: unknown) => setLoadError((e as Error).message),
    );
  }, []);
  useEffect(reload, [reload]);

  if (loadError) return <ErrorState message={loadError} onRetry={reload} />;
  if (!loaded) return <Loading label={t('Loading the site content…')} />;
  return <SiteContentEditor key={drawn} loaded={loaded} reload={reload} />;
}
