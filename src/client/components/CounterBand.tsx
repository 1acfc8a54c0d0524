/**
 * The counter band: each time it scrolls into view, its counts reset to 0 and, after 100 ms, count up to their
 * targets over 2 s (spec section 4). Until then (and without scripts) it shows the targets.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
// MUI's own screen-reader-only style: a hand-rolled `width: 1` is read by sx as 100 % and widened the page.
import visuallyHidden from '@mui/utils/visuallyHidden';
import { groupDigits } from '../../shared/format/count';

export const COUNT_DELAY_MS = 100;
export const COUNT_DURATION_MS = 2000;

export default function CounterBand({ counters }: { counters: { value: number; label: string }[] }) {
  const ref = useRef<HTMLDivElement>(null);
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
    <Box ref={ref} component="section" aria-label="Our reach" sx={{ bgcolor: 'primary.dark', color: 'common.white', py: { xs: 5, md: 7 } }}>
      <Container>
        <Grid container spacing={3}>
          {counters.map((c, i) => (
            <Grid key={i} size={{ xs: 6, md: 3 }} sx={{ textAlign: 'center' }}>
              <Typography component="p" sx={{ fontFamily: 'Poppins, sans-serif', fontWeight: 700, fontSize: { xs: 34, md: 46 }, fontVariantNumeric: 'tabular-nums' }}>
                <span aria-hidden="true">{groupDigits(Math.round(c.value * progress))}+</span>
                <Box component="span" sx={visuallyHidden}>
                  {groupDigits(c.value)}+
                </Box>
              </Typography>
              <Typography sx={{ opacity: 0.85 }}>{c.label}</Typography>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
