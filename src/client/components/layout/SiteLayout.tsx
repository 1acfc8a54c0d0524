import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import ContactBar from './ContactBar';
import NavBar from './NavBar';
import Footer from './Footer';
import { Loading } from '../Status';

/**
 * The shared layout: contact bar, navigation, the page, footer. `narrow` centres a form-sized column. `app` is the
 * signed-in dashboard: the header and the page only, without the marketing contact bar and footer.
 */
export default function SiteLayout({ children, narrow = false, app = false }: { children: ReactNode; narrow?: boolean; app?: boolean }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!app && <ContactBar />}
      <NavBar />
      {/* At least a screen tall, so the footer never starts in view and then jumps when a page's code arrives. */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none', minHeight: app ? undefined : '100vh' }}>
        <Suspense fallback={<Loading />}>
          {narrow ? (
            <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
              {children}
            </Container>
          ) : (
            children
          )}
        </Suspense>
      </Box>
      {!app && <Footer />}
    </Box>
  );
}
