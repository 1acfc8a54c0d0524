import type { CSSProperties } from 'react';

/**
 * A project's category on its card and page: a gold pill, as Material's filled secondary Chip draws one, in plain CSS
 * (`.category-tag`): every page with a project card draws it.
 */
export default function CategoryTag({ label, small = false, style }: { label: string; small?: boolean; style?: CSSProperties }) {
  return (
    <span className={small ? 'category-tag category-tag-small' : 'category-tag'} style={style}>
      {label}
    </span>
  );
}
