/**
 * A looping carousel (spec section 2): 3 / 2 / 1 cards at ≥1024 / 464–1024 / <464 px (configurable), autoplay every
 * 3 s except on mobile, swipe and mouse drag, dots, arrow keys, smooth scrolling, arrows hidden on tablet and
 * mobile. Slides out of view are inert, so keyboard users only meet the visible cards.
 *
 * The slides sit in a horizontal scroller with CSS scroll-snap: a finger swipes them with no script at all, and the
 * position is the scroller's, not React's. Before the page's code has arrived, /boot.js moves it on an arrow, a dot
 * or an arrow key (the `data-carousel-*` marks) and keeps the dots and the inert slides in step, by the same rule as
 * here; once this code runs, it reads the position the page was left at.
 */
import { Children, useCallback, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode, type PointerEvent } from 'react';
import { Icon, chevronLeft, chevronRight } from '../ui/icons';
import { useWords } from '../lib/words';

export const BREAKPOINTS = { desktop: 1024, mobile: 464 } as const;
export const AUTOPLAY_MS = 3000;

export interface PerView {
  desktop: number;
  tablet: number;
  mobile: number;
}

type Device = keyof PerView;

const DEVICES: Device[] = ['mobile', 'tablet', 'desktop'];

/**
 * The classes that hide an element on the device classes `hidden` picks (`carousel-hide-<device>` in
 * src/client/ui/site.css, whose media queries have the same bounds as `deviceFor`).
 */
function hiddenOn(hidden: (d: Device) => boolean): string {
  return DEVICES.filter(hidden)
    .map((d) => `carousel-hide-${d}`)
    .join(' ');
}

function deviceFor(width: number): Device {
  if (width >= BREAKPOINTS.desktop) return 'desktop';
  if (width >= BREAKPOINTS.mobile) return 'tablet';
  return 'mobile';
}

function subscribeToWidth(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The device class of the window. A server-rendered page is drawn for a desktop first (the server cannot know the
 * width) and hydration must draw the same; the slide widths follow the real width in CSS meanwhile (see below).
 */
function useDevice(): Device {
  return useSyncExternalStore(
    subscribeToWidth,
    () => deviceFor(window.innerWidth),
    () => 'desktop',
  );
}

/** The scroll position (0-based) the window shows: slides are `step` apart, so it is the nearest multiple. */
function positionOf(win: HTMLElement, count: number, positions: number): number {
  const step = win.scrollWidth / Math.max(1, count);
  return Math.min(positions - 1, Math.max(0, Math.round(win.scrollLeft / step)));
}

export default function Carousel({ label, children, perView = { desktop: 3, tablet: 2, mobile: 1 } }: { label: string; children: ReactNode; perView?: PerView }) {
  const slides = Children.toArray(children);
  const device = useDevice();
  const shownOn = (d: Device) => Math.max(1, Math.min(perView[d], slides.length));
  const positionsOn = (d: Device) => Math.max(1, slides.length - shownOn(d) + 1);
  const shown = shownOn(device);
  const positions = positionsOn(device);
  // Dots for the narrowest screen's positions, each hidden in CSS where that screen has fewer: a server-rendered
  // page (drawn for a desktop) has a phone's or a tablet's dots before any script, and hydration draws the same.
  const dots = Math.max(...DEVICES.map(positionsOn));
  // Where the slides are is the window's scroll position (CSS scroll-snap): a swipe, or /boot.js before this code
  // arrived, may have moved it; `index` follows it.
  const [index, setIndex] = useState(0);
  const { t } = useWords();
  const [paused, setPaused] = useState(false);
  const [drag, setDrag] = useState<{ startX: number; startLeft: number; dx: number } | null>(null);
  const windowRef = useRef<HTMLDivElement>(null);

  const follow = useCallback(() => {
    if (windowRef.current) setIndex(positionOf(windowRef.current, slides.length, positions));
  }, [slides.length, positions]);
  // The position the page was left at before this code had it (and after a change of width).
  useEffect(follow, [follow]);

  const go = useCallback(
    (i: number) => {
      const win = windowRef.current;
      if (!win) return;
      const to = ((i % positions) + positions) % positions;
      win.scrollTo({ left: (to * win.scrollWidth) / Math.max(1, slides.length) });
      setIndex(to);
    },
    [positions, slides.length],
  );

  const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const autoplay = device !== 'mobile' && positions > 1 && !paused && !drag && !reducedMotion;
  useEffect(() => {
    if (!autoplay) return;
    const id = setInterval(() => go(positionOf(windowRef.current!, slides.length, positions) + 1), AUTOPLAY_MS);
    return () => clearInterval(id);
  }, [autoplay, go, positions, slides.length]);

  // A mouse drags the slides (a finger scrolls them natively); on release they settle on the next position that way.
  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.pointerType !== 'mouse' || e.button !== 0) return;
    setDrag({ startX: e.clientX, startLeft: windowRef.current?.scrollLeft ?? 0, dx: 0 });
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (!drag || !windowRef.current) return;
    const dx = e.clientX - drag.startX;
    if (Math.abs(dx) > 5 && !windowRef.current.hasPointerCapture(e.pointerId)) windowRef.current.setPointerCapture(e.pointerId);
    windowRef.current.scrollLeft = drag.startLeft - dx;
    setDrag({ ...drag, dx });
  }
  function onPointerUp() {
    if (!drag) return;
    const width = windowRef.current?.clientWidth ?? 1;
    const threshold = Math.min(80, width / shown / 4);
    const from = Math.round((drag.startLeft / Math.max(1, windowRef.current?.scrollWidth ?? 1)) * slides.length);
    setDrag(null);
    if (drag.dx < -threshold) go(Math.min(from + 1, positions - 1));
    else if (drag.dx > threshold) go(Math.max(from - 1, 0));
    else go(from);
  }

  // The slide widths of each device class as CSS variables that media queries pick from, so a server-rendered
  // carousel has its phone or tablet layout before any script.
  const widths = Object.fromEntries(DEVICES.map((d) => [`--per-${d}`, shownOn(d)])) as CSSProperties;
  const arrows = device === 'desktop' && positions > 1;
  // The server draws a desktop's arrows; until the page's code knows the width (a phone reader's page may never run
  // it), CSS keeps them off narrower screens.
  const arrowClass = `icon-btn carousel-arrow ${hiddenOn((d) => d !== 'desktop')}`;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') {
          e.preventDefault();
          go(index + 1);
        } else if (e.key === 'ArrowLeft') {
          e.preventDefault();
          go(index - 1);
        }
      }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-per-view={shown}
      data-device={device}
      className="carousel"
      style={widths}
    >
      <div
        ref={windowRef}
        onScroll={follow}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        className={drag ? 'carousel-window carousel-dragged' : 'carousel-window'}
      >
        <div className="carousel-track">
          {slides.map((slide, i) => {
            const visible = i >= index && i < index + shown;
            return (
              <div key={i} role="group" aria-roledescription={t('slide')} aria-label={t('{n} of {total}', { n: i + 1, total: slides.length })} aria-hidden={!visible} inert={!visible} className="carousel-slide">
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {arrows && (
        <>
          <button type="button" aria-label={t('Previous slide')} data-carousel-step="-1" onClick={() => go(index - 1)} className={arrowClass} style={{ left: -22 }}>
            <Icon path={chevronLeft} />
          </button>
          <button type="button" aria-label={t('Next slide')} data-carousel-step="1" onClick={() => go(index + 1)} className={arrowClass} style={{ right: -22 }}>
            <Icon path={chevronRight} />
          </button>
        </>
      )}
      {dots > 1 && (
        <div className={`carousel-dots ${hiddenOn((d) => positionsOn(d) <= 1)}`}>
          {Array.from({ length: dots }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-label={t('Go to slide {n}', { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              data-carousel-to={i}
              onClick={() => go(i)}
              className={`carousel-dot ${hiddenOn((d) => i >= positionsOn(d))}`}
            />
          ))}
        </div>
      )}
    </div>
  );
}
