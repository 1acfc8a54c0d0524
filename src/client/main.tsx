/**
 * The browser entry. A page the server rendered (public pages, see entry-server.tsx) is hydrated: React takes over
 * the HTML already on screen, starting from the data the page came with, so nothing is fetched twice and nothing
 * flashes. Other pages (the dashboard, forms behind sign-in), and every page for a signed-in person, are rendered here.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './fonts/fonts.css';
import './global.css';
import './ui/site.css';
import AppShell from './app/App';
import { AppRoutes } from './app/router';
import { startFromServerRender } from './lib/auth';
import { readPageData } from './lib/preload';
import { getToken } from './lib/api';
import { readSiteContent, readSiteWords, SiteContentContext } from './config';
import { localContent } from './config/content-words';
import { loadScreenWords, ScreenWordsContext, type ScreenWords } from './lib/words';
import { documentLanguage } from '../shared/i18n/language';

const container = document.getElementById('root')!;
// The server renders for a signed-out visitor (it cannot see the session, which lives in local storage). A signed-in
// person's page differs (their own projects, their actions), so it is drawn here from their own answers instead,
// over the server's HTML, rather than hydrated into a mismatch.
const serverRendered = container.hasAttribute('data-server-rendered') && getToken() === null;
if (serverRendered) {
  readPageData(document);
  startFromServerRender();
}

// The page's language (its `<html lang>`, set by the server): its screen words are loaded before the page is drawn or
// hydrated, so the first render says what the server's did (an English page loads none).
const language = documentLanguage() ?? 'en';

function start(words: ScreenWords) {
  // The site content the server sent the page with (published in the studio; the bundled file without it).
  const siteContent = localContent(readSiteContent(document), language, words, readSiteWords(document));
  const app = (
    <StrictMode>
      <ScreenWordsContext.Provider value={words}>
        <SiteContentContext.Provider value={siteContent}>
          <AppShell>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppShell>
        </SiteContentContext.Provider>
      </ScreenWordsContext.Provider>
    </StrictMode>
  );
  // Hydrated as a transition: React works in slices of a few milliseconds and lets the browser paint and answer input
  // between them, instead of one long task that blocks a slow phone for hundreds of milliseconds.
  // A page /boot.js is replacing (a list's filter chosen before this code: the server draws the page for it) is left
  // as it is: taken over now, it would be drawn back to the choice it is leaving.
  const leaving = () => document.documentElement.hasAttribute('data-leaving');
  if (serverRendered) startTransition(() => void (leaving() || hydrateRoot(container, app)));
  else if (!leaving()) createRoot(container).render(app);
}

// Without its words (their chunk failed to load) the page is still drawn, in English, rather than not at all.
void loadScreenWords(language).then(start, () => start({}));
