/**
 * A looping carousel (spec section 2): 3 / 2 / 1 cards at ≥1024 / 464–1024 / <464 px (configurable), autoplay every
 * 3 s except on mobile, swipe and mouse drag, dots, arrow keys, 600 ms transitions, arrows hidden on tablet and
 * mobile. Slides out of view are inert, so keyboard users only meet the visible cards.
 */
import { Children, useCallback, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode, type PointerEvent } from 'react';
import { Icon, chevronLeft, chevronRight } from '../ui/icons';

export const BREAKPOINTS = { desktop: 1024, mobile: 464 } as const;
export const AUTOPLAY_MS = 3000;
export const TRANSITION_MS = 600;

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
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [drag, setDrag] = useState<{ startX: number; dx: number } | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);

  const go = useCallback((i: number) => setIndex(((i % positions) + positions) % positions), [positions]);
  useEffect(() => {
    if (index >= positions) setIndex(0);
  }, [index, positions]);

  const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const autoplay = device !== 'mobile' && positions > 1 && !paused && !drag && !reducedMotion;
  useEffect(() => {
    if (!autoplay) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % positions), AUTOPLAY_MS);
    return () => clearInterval(id);
  }, [autoplay, positions]);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    setDrag({ startX: e.clientX, dx: 0 });
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (!drag) return;
    const dx = e.clientX - drag.startX;
    if (Math.abs(dx) > 5 && !trackRef.current?.hasPointerCapture(e.pointerId)) trackRef.current?.setPointerCapture(e.pointerId);
    setDrag({ ...drag, dx });
  }
  function onPointerUp() {
    if (!drag) return;
    const width = trackRef.current?.parentElement?.clientWidth ?? 1;
    const threshold = Math.min(80, width / shown / 4);
    if (drag.dx < -threshold) go(index + 1);
    else if (drag.dx > threshold) go(index - 1);
    setDrag(null);
  }

  // The slide widths of each device class as CSS variables that media queries pick from, so a server-rendered
  // carousel has its phone or tablet layout before any script.
  const widths = Object.fromEntries(DEVICES.map((d) => [`--per-${d}`, shownOn(d)])) as CSSProperties;
  const offset = `calc(${(-index * 100) / shown}% + ${drag?.dx ?? 0}px)`;
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
      <div className="carousel-window">
        <div
          ref={trackRef}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          className={drag ? 'carousel-track carousel-dragged' : 'carousel-track'}
          style={{ transform: `translateX(${offset})`, transition: drag ? 'none' : `transform ${TRANSITION_MS}ms ease` }}
        >
          {slides.map((slide, i) => {
            const visible = i >= index && i < index + shown;
            return (
              <div key={i} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`} aria-hidden={!visible} inert={!visible} className="carousel-slide">
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {arrows && (
        <>
          <button type="button" aria-label="Previous slide" onClick={() => go(index - 1)} className={arrowClass} style={{ left: -22 }}>
            <Icon path={chevronLeft} />
          </button>
          <button type="button" aria-label="Next slide" onClick={() => go(index + 1)} className={arrowClass} style={{ right: -22 }}>
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
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
              className={`carousel-dot ${hiddenOn((d) => i >= positionsOn(d))}`}
            />
          ))}
        </div>
      )}
    </div>
  );
}
