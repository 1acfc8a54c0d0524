/** A label/value list (dl) for what is not a stored form (receipt facts, payment instructions; forms use the engine's read-only view): labels on the left and values on the right, stacked on phones unless `sx` says otherwise. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { sxList } from '../lib/sx';

export type DetailItem = readonly [label: string, value: ReactNode];

export default function DetailList({ items, sx }: { items: readonly DetailItem[]; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      sx={[{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, gap: 1, columnGap: 3, m: 0 }, ...sxList(sx)]}
    >
      {items.map(([label, value], i) => (
        <Box key={i} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
