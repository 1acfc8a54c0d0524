/*
 * Starts a server-rendered page's code (src/server/plugins/client.ts puts this in place of the entry's module script
 * and its preloads). The page is already drawn and its links work, so its code waits for the page's own load (its
 * pictures and fonts first, on a phone's slow connection), or starts at once when the person presses, taps or types.
 */
(() => {
  const me = document.currentScript;
  const entry = me?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (me.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  const triggers = ['pointerdown', 'touchstart', 'keydown'];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of triggers) removeEventListener(type, start, true);
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.append(link);
    }
    load(0);
  };
  // A connection that drops a chunk (a phone between cells) must not leave the page unusable for good: its submit
  // buttons wait for the code. A fetch that failed is tried again a few times, each after a longer pause; an error in
  // the code itself is not. The address stays the same: the other chunks import the entry by it, and under another
  // address it would run a second time, as a second app.
  const load = (attempt) =>
    import(entry).catch((error) => {
      if (attempt >= 4 || !(error instanceof TypeError)) throw error;
      setTimeout(() => load(attempt + 1), 1000 * 2 ** attempt);
    });
  for (const type of triggers) addEventListener(type, start, { capture: true, passive: true });
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
})();
