/*
 * Starts a server-rendered page's code (src/server/plugins/client.ts puts this in place of the entry's module script
 * and its preloads). The page is already drawn and its links work without it.
 *
 * When it starts (the script's data-start):
 * - "load" (a form such as sign-in, which needs its code to be used): once the page's own load has ended (its
 *   pictures and fonts first, on a phone's slow connection), or at once when the person presses, taps or types.
 * - "use" (a page to read: home, the project list, a project, the blog): only when the person uses the page (a
 *   press, a tap, a key, a scroll). Someone who only reads it on a phone never downloads or runs the app's code;
 *   its links are plain links to pages that are drawn on the server too. A signed-in person's page is drawn from
 *   their own answers, so for them it starts at once, without waiting for the page's load.
 *
 * A press on one of the page's controls (a menu button, a carousel arrow) before the code has taken it over is held
 * back, not lost: it is pressed again once the code has. Links are left alone: they go to their page as plain
 * links do.
 */
(() => {
  const me = document.currentScript;
  const entry = me?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (me.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  // The key the app keeps the session under (TOKEN_KEY in src/client/lib/api.ts; this file is copied as it is, so it
  // cannot import it).
  let signedIn = false;
  try {
    signedIn = localStorage.getItem('token') !== null;
  } catch {
    // Storage may be refused (a private window's settings): then the visitor is not signed in here.
  }
  // The page was drawn for a visitor: until the app has drawn it for this person, CSS hides what only a visitor is
  // offered (Sign in, Sign up; global.css, `.visitor-only`). The app's first render takes the mark off.
  if (signedIn) document.documentElement.setAttribute('data-session', 'signed-in');
  const onUse = me.getAttribute('data-start') === 'use' && !signedIn;
  const triggers = onUse ? ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] : ['pointerdown', 'touchstart', 'keydown'];

  // Controls whose press needs the code (a link's does not). React marks each element it has taken over with its own
  // property; a press on a control it has not taken over yet is held, then made again once it has (a few tries a
  // second, for as long as the code may take to arrive).
  const CONTROL = 'button, [role="button"], [role="combobox"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], summary, input[type="checkbox"], input[type="radio"], input[type="button"]';
  const isReacts = (el) => Object.keys(el).some((key) => key.startsWith('__reactProps'));
  let held = null;
  let waiting = 0;
  const replay = () => {
    const control = held;
    if (!control?.isConnected || ++waiting > 600) {
      held = null;
      return;
    }
    if (!isReacts(control)) {
      setTimeout(replay, 100);
      return;
    }
    held = null;
    // Some controls open on the press itself (Material's select), others on the click.
    const init = { bubbles: true, cancelable: true, view: window, button: 0 };
    control.dispatchEvent(new MouseEvent('mousedown', init));
    control.dispatchEvent(new MouseEvent('mouseup', init));
    control.click();
  };
  addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
      if (!control || control.closest('a[href]') || isReacts(control)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!held) setTimeout(replay, 100);
      held = control;
      waiting = 0;
      // A click that came without a press or a key before it (a screen reader's "activate") starts the code too.
      start();
    },
    true,
  );

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
  if (onUse) return;
  // A signed-in person's page is redrawn from their own answers: the sooner it starts, the shorter they see the
  // signed-out page the server drew.
  if (signedIn || document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
})();
