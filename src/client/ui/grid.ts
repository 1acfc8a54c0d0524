import type { CSSProperties } from 'react';

/** The style of a `.grid` whose cells are `px` apart (src/client/ui/site.css). */
export function gap(px: number): CSSProperties {
  return { '--gap': `${px}px` } as CSSProperties;
}
