/*
 * Starts a server-rendered page's code (src/server/plugins/client.ts puts this in place of the entry's module script
 * and its preloads). The page is already drawn and its links work without it.
 *
 * It starts once the page has loaded and the browser is idle (its pictures and fonts come first), or sooner when the
 * person uses the page (a press, a tap, a key, a focus, a scroll); a page whose content is a form (sign-in, sign-up)
 * only on its first use, as a form's code starts on the first tap into a field and arrives while they type. A
 * signed-in person's page is drawn from their own answers, so for them it starts at once.
 *
 * The first things a person does answer without the code: links are plain links to pages drawn on the server too;
 * the phone menu is the browser's own popover (its button's `popovertarget`, left alone here); a form's fields are
 * plain inputs; a carousel's arrows, dots and arrow keys (`data-carousel-*`) move its scroll-snap window from here,
 * keeping its dots and inert slides in step by the rule Carousel.tsx uses, which reads the position once it runs; a
 * project gallery's thumbnails (`data-gallery-to`) show their image, and the gallery's code takes the choice.
 *
 * A press on another of the page's controls (a filter, a form's submit) before the code has taken it over is held
 * back, not lost: it is pressed again once the code has, and the control is marked meanwhile (`data-held`: shown as
 * busy). A choice in a list (`<select>`) is held the same way and told again as a change; a choice in a list's
 * filters (the projects' category) loads the server's page for it instead.
 *
 * A form's submit button is drawn as a plain button (`type="button"`, marked `data-needs-code`) until the code has
 * taken its form over, so the bare HTML form is never sent, even without any script (it would put a password in the
 * address); its press, or Enter in a field, is held and made once the code has made it a submit button again. A form
 * marked to be sent without its code (the sign-in: `data-send-early`) is sent from here at once instead, and the code
 * takes its answer.
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
  const triggers = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];

  // Controls whose press needs the code (a link's does not). React marks each element it has taken over with its own
  // property; a press on a control it has not taken over yet is held, then made again once it has (a few tries a
  // second, for as long as the code may take to arrive). A form's submit is ready once its `data-needs-code` is gone.
  const CONTROL = 'button, [role="button"], [role="combobox"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], summary, input[type="checkbox"], input[type="radio"], input[type="button"]';
  const isReacts = (el) => Object.keys(el).some((key) => key.startsWith('__reactProps'));
  const ready = (el) => isReacts(el) && !el.hasAttribute('data-needs-code');
  let held = null;
  let heldBusy = null;
  // What was held: a press (made again as a press), a choice in a list (a filter's <select>: told again as a change),
  // or a form already sent from here (nothing to make again: the code takes its answer).
  let heldChange = false;
  let heldSent = false;
  let waiting = 0;
  // While held, the control says it is busy (to a screen reader too); its own aria-busy comes back on release.
  const release = () => {
    if (held) {
      held.removeAttribute('data-held');
      // A form sent from here is busy for as long as the code, which has it now, says (its submit is disabled while
      // it waits for the answer).
      if (heldSent && ready(held)) held.setAttribute('aria-busy', String(held.disabled));
      else if (heldBusy === null) held.removeAttribute('aria-busy');
      else held.setAttribute('aria-busy', heldBusy);
    }
    held = null;
  };
  const replay = () => {
    const control = held;
    if (!control?.isConnected || ++waiting > 600) {
      release();
      return;
    }
    if (!ready(control)) {
      setTimeout(replay, 100);
      return;
    }
    const sent = heldSent;
    release();
    if (sent) return;
    if (heldChange) {
      // The choice is still in the list (the code takes the page over without resetting it): told once more.
      control.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    // Some controls open on the press itself (Material's select), others on the click.
    const init = { bubbles: true, cancelable: true, view: window, button: 0 };
    control.dispatchEvent(new MouseEvent('mousedown', init));
    control.dispatchEvent(new MouseEvent('mouseup', init));
    control.click();
  };
  const hold = (control, change = false) => {
    heldChange = change;
    heldSent = !change && sendEarly(control);
    if (held === control) return start();
    if (held) release();
    else setTimeout(replay, 100);
    held = control;
    heldBusy = control.getAttribute('aria-busy');
    control.setAttribute('data-held', '');
    control.setAttribute('aria-busy', 'true');
    waiting = 0;
    start();
  };
  // A form the server marked as one to send without waiting for its code (`data-send-early`: the sign-in, which a
  // password manager fills and a person sends at once; src/client/features/forms/early-submit.ts): on its submit, its
  // fields are posted as JSON from here, at once, and the answer kept for the code, which takes it as its own submit's
  // (told by a `sent-early` event). Sent once; not when a field it sends is empty (the code says what is missing once
  // it has the form) or already the code's.
  const sendEarly = (submit) => {
    const box = submit.closest('[data-send-early]');
    if (!box || !submit.hasAttribute('data-needs-code') || box.hasAttribute('data-sent')) return box?.hasAttribute('data-sent') ?? false;
    const data = {};
    const body = {};
    for (const pair of (box.getAttribute('data-send-fields') ?? '').split(' ').filter(Boolean)) {
      const [field, key] = pair.split(':');
      const input = document.getElementById(`root_${field}`);
      if (!(input instanceof HTMLInputElement) || isReacts(input) || input.value.trim() === '') return false;
      data[field] = input.value;
      body[key] = input.value;
    }
    box.setAttribute('data-sent', '');
    const path = box.getAttribute('data-send-early');
    const answer = fetch(path, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      async (res) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() }),
      () => null,
    );
    window.__sentEarly = { path, data, answer };
    dispatchEvent(new Event('sent-early'));
    return true;
  };
  // The carousel before its code: the window's scroll position is the carousel's state (Carousel.tsx).
  const carouselOf = (el) => {
    const region = el.closest('.carousel');
    const win = region?.querySelector('.carousel-window');
    if (!win || isReacts(win)) return null;
    const slides = [...win.querySelectorAll('.carousel-slide')];
    const step = win.scrollWidth / Math.max(1, slides.length);
    const per = Math.max(1, Math.round(win.clientWidth / step));
    const positions = Math.max(1, slides.length - per + 1);
    const at = (left) => Math.min(positions - 1, Math.max(0, Math.round(left / step)));
    const sync = (i) => {
      slides.forEach((slide, k) => {
        const hidden = k < i || k >= i + per;
        slide.toggleAttribute('inert', hidden);
        slide.setAttribute('aria-hidden', String(hidden));
      });
      region.querySelectorAll('[data-carousel-to]').forEach((dot, k) => {
        if (k === i) dot.setAttribute('aria-current', 'true');
        else dot.removeAttribute('aria-current');
      });
    };
    const go = (i) => {
      const to = ((i % positions) + positions) % positions;
      win.scrollTo({ left: to * step });
      sync(to);
    };
    return { win, at, sync, go, now: () => at(win.scrollLeft) };
  };
  addEventListener(
    'scroll',
    (event) => {
      if (event.target instanceof Element && event.target.classList.contains('carousel-window')) {
        const c = carouselOf(event.target);
        c?.sync(c.now());
      }
    },
    { capture: true, passive: true },
  );
  addEventListener(
    'keydown',
    (event) => {
      if ((event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') || !(event.target instanceof Element) || !event.target.matches('.carousel')) return;
      const c = carouselOf(event.target);
      if (!c) return;
      event.preventDefault();
      c.go(c.now() + (event.key === 'ArrowRight' ? 1 : -1));
    },
    true,
  );

  // The language switch (a plain link to /lang/…, which comes back to the page drawn in the other language): that takes
  // a round trip or two, so this page says at once that it is on its way (site.css, `data-switching`), with the code
  // or without it. A click that opens another tab leaves this page as it is; a page restored by Back is shown as left.
  addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="/lang/"]') : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      document.documentElement.setAttribute('data-switching', '');
      link.setAttribute('aria-busy', 'true');
    },
    true,
  );
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    document.documentElement.removeAttribute('data-switching');
    document.querySelectorAll('a[href^="/lang/"][aria-busy]').forEach((link) => link.removeAttribute('aria-busy'));
  });

  // A project's gallery before its code: a thumbnail shows its image, as Gallery (ProjectDetailPage.tsx) does, and the
  // choice is noted on the gallery for that code to take as its state.
  const showImage = (thumb) => {
    const gallery = thumb.closest('.gallery');
    if (!gallery) return false;
    const to = Number(thumb.getAttribute('data-gallery-to'));
    gallery.querySelectorAll('.gallery-slide').forEach((slide, k) => slide.toggleAttribute('hidden', k !== to));
    gallery.querySelectorAll('[data-gallery-to]').forEach((other, k) => other.setAttribute('aria-pressed', String(k === to)));
    gallery.setAttribute('data-gallery-active', String(to));
    return true;
  };

  addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(CONTROL) : null;
      // A link goes to its page, a popover's button opens it: both as plain HTML does.
      if (!control || control.closest('a[href]') || ready(control)) return;
      // (A click that came without a press or a key before it, a screen reader's "activate", starts the code too.)
      if (control.hasAttribute('popovertarget')) return start();
      const c = control.matches('[data-carousel-step], [data-carousel-to]') ? carouselOf(control) : null;
      if (c) {
        start();
        event.preventDefault();
        event.stopImmediatePropagation();
        const step = control.getAttribute('data-carousel-step');
        c.go(step === null ? Number(control.getAttribute('data-carousel-to')) : c.now() + Number(step));
        return;
      }
      if (control.matches('[data-gallery-to]') && showImage(control)) {
        start();
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      // A click that came without a press or a key before it (a screen reader's "activate") starts the code too.
      hold(control);
    },
    true,
  );
  // A choice made in a list before the code has it (the projects' category and order) would be shown and never
  // applied: held, and told again once the code has the list.
  addEventListener(
    'change',
    (event) => {
      const list = event.target;
      if (!(list instanceof HTMLSelectElement) || ready(list)) return;
      if (list.form?.hasAttribute('data-filters')) return filter(list);
      hold(list, true);
    },
    true,
  );
  // A list's filters (`<form data-filters>`, the projects' category and order) before the code: the server draws the
  // page for the choice, so it is asked for at once (the address the app would have made: the other parameters kept,
  // a list at its first option left out), and meanwhile the heading names the choice (its option's `data-heading`)
  // and the list shows it is being replaced. The code, if it has not taken the page yet, never does: the page is
  // leaving (main.tsx reads the mark), so the choice is applied once, by the server.
  const filter = (list) => {
    const url = new URL(location.href);
    for (const field of list.form.querySelectorAll('select[name]')) {
      if (field.selectedIndex <= 0) url.searchParams.delete(field.name);
      else url.searchParams.set(field.name, field.value);
    }
    const heading = list.selectedOptions[0]?.getAttribute('data-heading');
    const h1 = document.querySelector('h1');
    if (heading && h1) h1.textContent = heading;
    document.querySelector('[data-filter-results]')?.setAttribute('aria-busy', 'true');
    list.form.setAttribute('data-held', '');
    document.documentElement.setAttribute('data-leaving', '');
    location.replace(url.href);
  };
  // Enter in a form's field presses its submit button, as it will once the code has the form.
  addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
      const submit = event.target.form?.querySelector('button[data-needs-code]');
      if (!submit || ready(submit)) return;
      event.preventDefault();
      hold(submit);
    },
    true,
  );
  // The bare HTML form is never sent (it would put what was typed, a password too, in the address).
  addEventListener(
    'submit',
    (event) => {
      if (!(event.target instanceof HTMLFormElement) || isReacts(event.target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      start();
    },
    true,
  );

  let started = false;
  const start = (event) => {
    // A field the page focuses by itself (autofocus) is not a use: the person has not touched the page yet.
    if (event?.type === 'focusin' && navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
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
  // A signed-in person's page is redrawn from their own answers: the sooner it starts, the shorter they see the
  // signed-out page the server drew.
  if (signedIn) start();
  else {
    for (const type of triggers) addEventListener(type, start, { capture: true, passive: true });
    // Otherwise once the page has loaded and the browser has a moment (a phone's first paint, pictures and fonts
    // come first), so a press made later finds the code there. Not a page whose content is a form (sign-in,
    // sign-up): its code (the form engine, twice a page to read's) would hold a phone's main thread while the person
    // reads it (Lighthouse mobile 90 on /login); its fields take typing without it, and it starts on the first tap
    // into one, arriving while they type.
    const formPage = document.querySelector('main form [data-needs-code]') !== null;
    const whenIdle = () => (window.requestIdleCallback ? requestIdleCallback(() => start(), { timeout: 2000 }) : setTimeout(() => start(), 200));
    if (formPage) return;
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
  }
})();
