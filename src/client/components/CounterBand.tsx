/**
 * The counter band: real platform figures (GET /platform/figures, which the server renders into the page), each under
 * the label site content gives it, rounded to read at a glance. Each time the band scrolls into view its counts
 * reset to 0 and, after 100 ms, count up to their targets over 2 s (spec section 4). Until then (and without
 * scripts) it shows the targets.
 */
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../lib/use-api';
import { figureParts, formatFigure } from '../../shared/format/figure';
import { PLATFORM_FIGURES, type PlatformFigureName } from '../../shared/api/platform-figures';
import { gap } from '../ui/grid';
import { useWords } from '../lib/words';

export const COUNT_DELAY_MS = 100;
export const COUNT_DURATION_MS = 2000;

export interface Counter {
  /** Which platform figure (src/shared/api/platform-figures.ts). */
  figure: string;
  label: string;
}

export default function CounterBand({ counters }: { counters: Counter[] }) {
  const ref = useRef<HTMLElement>(null);
  const { t } = useWords();
  const { data } = useApi('/platform/figures');
  // Drawn with its full counts (the server's page too: a reader whose page never runs its code sees the real
  // figures, not zeros); the count-up starts from 0 when the band comes into view.
  const [progress, setProgress] = useState(1);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setProgress(1);
      return;
    }
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        setProgress(0);
        timer = setTimeout(() => {
          const start = performance.now();
          const step = (now: number) => {
            const elapsed = Math.min(1, (now - start) / COUNT_DURATION_MS);
            setProgress(1 - Math.pow(1 - elapsed, 3));
            if (elapsed < 1) frame = requestAnimationFrame(step);
          };
          frame = requestAnimationFrame(step);
        }, COUNT_DELAY_MS);
      },
      { threshold: 0.4 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  // A counter naming no figure the platform keeps (an older content version) is left out, never invented.
  const shown = counters.filter((c): c is Counter & { figure: PlatformFigureName } => Object.hasOwn(PLATFORM_FIGURES, c.figure));
  if (shown.length === 0) return null;
  return (
    <section ref={ref} aria-label={t('Our reach')} className="counter-band">
      <div className="container">
        <div className="grid" style={gap(24)}>
          {shown.map((c, i) => {
            const parts = data ? figureParts(data.figures[c.figure], PLATFORM_FIGURES[c.figure]) : null;
            return (
              <div key={i} className="col-6 col-md-3" style={{ textAlign: 'center' }}>
                <p className="counter-value">
                  {parts ? (
                    <>
                      <span aria-hidden="true">
                        {formatFigure({ ...parts, suffix: '' }, progress)}
                        {/* "lakh+" smaller than its number, so "৳12.4 lakh+" fits half a phone's width */}
                        {parts.suffix.trim().length > 1 ? <span className="counter-unit">{parts.suffix}</span> : parts.suffix}
                      </span>
                      <span className="visually-hidden">{formatFigure(parts)}</span>
                    </>
                  ) : (
                    // No figures (the answer failed): a dash keeps the band's height, and no number is made up.
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{t('not available')}</span>
                    </>
                  )}
                </p>
                <p className="t-body" style={{ opacity: 0.85 }}>
                  {c.label}
                </p>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
