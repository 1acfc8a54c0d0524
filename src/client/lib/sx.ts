import type { SxProps, Theme } from '@mui/material/styles';

/** One entry of MUI's array form of `sx`. */
type SxEntry = Extract<SxProps<Theme>, ReadonlyArray<unknown>>[number];

/**
 * A caller's `sx` as entries to spread after a component's own styles (`sx={[own, ...sxList(sx)]}`), MUI's way of
 * letting the caller's styles win whether they passed one object, a function or an array.
 */
export function sxList(sx: SxProps<Theme> | undefined): readonly SxEntry[] {
  if (sx === undefined) return [];
  return Array.isArray(sx) ? (sx as readonly SxEntry[]) : [sx as SxEntry];
}
