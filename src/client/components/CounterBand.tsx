/**
 * The counter band: each time it scrolls into view, its counts reset to 0 and, after 100 ms, count up to their
 * targets over 2 s (spec section 4). Until then (and without scripts) it shows the targets.
 */
import { useEffect, useRef, useState } from 'react';
import { groupDigits } from '../../shared/format/count';
import { gap } from '../ui/grid';

export const COUNT_DELAY_MS = 100;
export const COUNT_DURATION_MS = 2000;

export default function CounterBand({ counters }: { counters: { value: number; label: string }[] }) {
  const ref = useRef<HTMLElement>(null);
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
            const t = Math.min(1, (now - start) / COUNT_DURATION_MS);
            setProgress(1 - Math.pow(1 - t, 3));
            if (t < 1) frame = requestAnimationFrame(step);
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

  return (
    <section ref={ref} aria-label="Our reach" className="counter-band">
      <div className="container">
        <div className="grid" style={gap(24)}>
          {counters.map((c, i) => (
            <div key={i} className="col-6 col-md-3" style={{ textAlign: 'center' }}>
              <p className="counter-value">
                <span aria-hidden="true">{groupDigits(Math.round(c.value * progress))}+</span>
                <span className="visually-hidden">{groupDigits(c.value)}+</span>
              </p>
              <p className="t-body" style={{ opacity: 0.85 }}>
                {c.label}
              </p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
