import type { CSSProperties, ReactNode } from 'react';
import { Icon, errorOutline, infoOutline, successOutline, warningOutline } from './icons';

export type Tone = 'error' | 'warning' | 'info' | 'success';

const ICONS: Record<Tone, string> = { error: errorOutline, warning: warningOutline, info: infoOutline, success: successOutline };

/**
 * A message in a tinted band with its tone's icon, as Material's standard Alert draws one (`.alert` in
 * src/client/ui/site.css), for the plain-CSS parts of the site. `action` sits at its end (a Try again button).
 */
export function Notice({ tone, role, action, style, children }: { tone: Tone; role?: 'alert'; action?: ReactNode; style?: CSSProperties; children: ReactNode }) {
  return (
    <div role={role} className={`alert alert-${tone}`} style={style}>
      <Icon path={ICONS[tone]} />
      <div className="alert-message">{children}</div>
      {action && <div className="alert-action">{action}</div>}
    </div>
  );
}
