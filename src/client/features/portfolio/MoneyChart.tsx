/**
 * Money out and back by month, drawn as an SVG: money back above the line (received solid, still expected hatched),
 * money out below it, a dashed line at this month. Drawn at the width it is given (measured), so its words stay a
 * readable size on a phone and a desktop alike; the same figures follow as a table (the text alternative).
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { PortfolioMonth } from '../../../shared/api/portfolio';
import { formatMoney } from '../../../shared/domain/money';
import { figureParts, formatFigure } from '../../../shared/format/figure';
import { localDigits } from '../../../shared/format/digits';
import { continuousMonths, layoutBars } from './chart-geometry';
import { monthName, monthShort } from './words';
import { useWords } from '../../lib/words';

const HEIGHT = 220;
const AXIS = { left: 64, right: 8, top: 12, bottom: 28 };

/** The width of the element, kept up to date (360 before it is measured, and where nothing measures). */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(360);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}



export default function MoneyChart({ months, asOf }: { months: PortfolioMonth[]; asOf: string }) {
  const theme = useTheme();
  const { t, language } = useWords();
  const compact = (taka: number) => formatFigure(figureParts(taka, 'money', language));
  const [ref, width] = useWidth<HTMLDivElement>();
  const hatch = useId().replace(/:/g, '');
  const all = continuousMonths(months);
  const plot = { left: AXIS.left, width: width - AXIS.left - AXIS.right, top: AXIS.top, height: HEIGHT - AXIS.top - AXIS.bottom };
  const { bars, zero, maxUp, maxDown } = layoutBars(all, { ...plot, labelWidth: 44 });
  const colours = { out: theme.palette.secondary.dark, back: theme.palette.primary.main, text: theme.palette.text.secondary, line: theme.palette.text.primary };
  const thisMonth = asOf.slice(0, 7);
  const nowBar = bars.find((b) => b.month === thisMonth);
  // A label names its year (Nov ’26) when it is the first, or the year changed since the last label.
  const labelled = bars.filter((b) => b.labelled);
  const withYear = new Set(labelled.filter((b, i) => i === 0 || b.month.slice(0, 4) !== labelled[i - 1]!.month.slice(0, 4)).map((b) => b.month));
  const summary = t("Money out and back by month, {from} to {to}: at most {out} out and {back} back in a month. The table below has every month's figures.", {
    from: monthName(all[0]!.month, language),
    to: monthName(all[all.length - 1]!.month, language),
    out: formatMoney(maxDown, language),
    back: formatMoney(maxUp, language),
  });
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box ref={ref} sx={{ width: '100%', overflow: 'hidden' }}>
        <svg width={width} height={HEIGHT} role="img" aria-label={summary} style={{ display: 'block', fontFamily: theme.typography.fontFamily }}>
          <defs>
            <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill={theme.palette.primary.light} opacity="0.35" />
              <line x1="0" y1="0" x2="0" y2="6" stroke={colours.back} strokeWidth="2" />
            </pattern>
          </defs>
          <text x={AXIS.left - 6} y={AXIS.top + 10} textAnchor="end" fontSize="11" fill={colours.text}>
            {compact(maxUp)}
          </text>
          <text x={AXIS.left - 6} y={zero + 4} textAnchor="end" fontSize="11" fill={colours.text}>
            {formatMoney(0, language)}
          </text>
          {maxDown > 0 && (
            <text x={AXIS.left - 6} y={HEIGHT - AXIS.bottom} textAnchor="end" fontSize="11" fill={colours.text}>
              −{compact(maxDown)}
            </text>
          )}
          {nowBar && (
            <g>
              <line x1={nowBar.x + nowBar.width / 2} x2={nowBar.x + nowBar.width / 2} y1={AXIS.top} y2={HEIGHT - AXIS.bottom} stroke={colours.text} strokeDasharray="3 3" />
              <text x={nowBar.x + nowBar.width / 2 + 3} y={AXIS.top + 10} fontSize="11" fill={colours.text}>
                {t('today')}
              </text>
            </g>
          )}
          {bars.map((b) => (
            <g key={b.month}>
              {b.received.height > 0 && <rect x={b.x} y={b.received.y} width={b.width} height={b.received.height} fill={colours.back} />}
              {b.expected.height > 0 && <rect x={b.x} y={b.expected.y} width={b.width} height={b.expected.height} fill={`url(#${hatch})`} stroke={colours.back} strokeWidth="1" />}
              {b.out.height > 0 && <rect x={b.x} y={b.out.y} width={b.width} height={b.out.height} fill={colours.out} />}
              {b.labelled && (
                <text x={b.x + b.width / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill={colours.text}>
                  {withYear.has(b.month) ? `${monthShort(b.month, language)} ’${localDigits(b.month.slice(2, 4), language)}` : monthShort(b.month, language)}
                </text>
              )}
            </g>
          ))}
          <line x1={AXIS.left} x2={width - AXIS.right} y1={zero} y2={zero} stroke={colours.line} strokeWidth="1" />
        </svg>
      </Box>
      <Box component="figcaption" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
        {[
          { label: t('Money back'), swatch: { bgcolor: colours.back } },
          { label: t('Expected back'), swatch: { background: `repeating-linear-gradient(45deg, ${colours.back} 0 2px, transparent 2px 5px)`, border: `1px solid ${colours.back}` } },
          { label: t('Money out'), swatch: { bgcolor: colours.out } },
        ].map((l) => (
          <Typography key={l.label} variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, display: 'inline-block', ...l.swatch }} />
            {l.label}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The chart's figures as a table: every month with money, what went out, what came back, what is expected back. */
export function MoneyTable({ months }: { months: PortfolioMonth[] }) {
  const { t, language } = useWords();
  return (
    <Table size="small" aria-label={t('Money out and back by month')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Month')}</TableCell>
          <TableCell align="right">{t('Out')}</TableCell>
          <TableCell align="right">{t('Back')}</TableCell>
          <TableCell align="right">{t('Expected')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {months.map((m) => (
          <TableRow key={m.month}>
            <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
              {monthName(m.month, language)}
            </TableCell>
            {[m.out, m.received, m.expected].map((v, i) => (
              <TableCell key={i} align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', px: { xs: 1, sm: 2 } }}>
                {formatMoney(v, language)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
