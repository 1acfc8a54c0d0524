import { Suspense, type ReactNode } from 'react';
import ContactBar from './ContactBar';
import NavBar from './NavBar';
import Footer from './Footer';
import { Loading } from '../Status';
import { useWords } from '../../lib/words';

/**
 * The shared layout: contact bar, navigation, the page, footer. `narrow` centres a form-sized column. `app` is the
 * signed-in dashboard: the header and the page only, without the marketing contact bar and footer.
 */
export default function SiteLayout({ children, narrow = false, app = false }: { children: ReactNode; narrow?: boolean; app?: boolean }) {
  const { t } = useWords();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      {!app && <ContactBar />}
      <NavBar />
      {/* At least a screen tall, so the footer never starts in view and then jumps when a page's code arrives. */}
      <main id="main" tabIndex={-1} className={app ? 'site-main' : 'site-main site-main-tall'}>
        <Suspense fallback={<Loading />}>{narrow ? <div className="container container-sm narrow-column">{children}</div> : children}</Suspense>
      </main>
      {!app && <Footer />}
    </div>
  );
}
