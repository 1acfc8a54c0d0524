/** A label/value list (dl): labels on the left and values on the right, stacked on phones unless `sx` says otherwise. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { formatPhone } from '../../shared/phone/phone.js';

export type DetailItem = readonly [label: string, value: ReactNode];

export default function DetailList({ items, sx }: { items: readonly DetailItem[]; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      sx={[{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, gap: 1, columnGap: 3, m: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
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

/** The titles a JSON Schema gives its properties, by property name (what staff see next to each answer). */
export function schemaTitles(schema: { properties: Record<string, unknown> }): Record<string, string> {
  return Object.fromEntries(
    Object.entries(schema.properties).map(([k, v]) => [k, typeof (v as { title?: unknown }).title === 'string' ? (v as { title: string }).title : k]),
  );
}

/**
 * A stored answer as text, shown the way its schema says: a `format: "phone"` field in the one readable form
 * (+880 1812-345678), anything else as it is. A field product staff add to a schema is shown right with no code.
 */
export function schemaValueText(schema: { properties: Record<string, unknown> }, key: string, value: unknown): string {
  const format = (schema.properties[key] as { format?: unknown } | undefined)?.format;
  return format === 'phone' && typeof value === 'string' ? formatPhone(value) : String(value);
}
