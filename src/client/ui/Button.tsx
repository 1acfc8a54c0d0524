/**
 * Buttons and button-looking links in the theme's look (src/client/ui/site.css), for the parts of the site every page
 * to read is made of. Screens that load Material (forms, dashboard, dialogs) keep Material's Button.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Icon } from './icons';

export interface Look {
  variant?: 'text' | 'contained' | 'outlined';
  color?: 'primary' | 'secondary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  /** An icon's path (src/client/ui/icons.tsx) drawn after the label. */
  endIcon?: string;
  startIcon?: ReactNode;
}

/** The class list of a button with this look (and the caller's own classes). */
export function buttonClass({ variant = 'text', color = 'primary', size = 'medium' }: Look, className?: string): string {
  return ['btn', variant !== 'text' && `btn-${variant}`, color !== 'primary' && `btn-${color}`, size !== 'medium' && `btn-${size}`, className].filter(Boolean).join(' ');
}

function Inner({ look, children }: { look: Look; children: ReactNode }) {
  return (
    <>
      {look.startIcon && <span className="btn-start-icon">{look.startIcon}</span>}
      {children}
      {look.endIcon && (
        <span className="btn-end-icon">
          <Icon path={look.endIcon} size="inherit" />
        </span>
      )}
    </>
  );
}

/** A link to a page of the site, drawn as a button. */
export function LinkButton({ variant, color, size, endIcon, startIcon, className, children, ...link }: Look & LinkProps) {
  const look = { variant, color, size, endIcon, startIcon };
  return (
    <Link className={buttonClass(look, className)} {...link}>
      <Inner look={look}>{children}</Inner>
    </Link>
  );
}

/** A button. */
export function Button({ variant, color, size, endIcon, startIcon, className, children, type = 'button', ...button }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  const look = { variant, color, size, endIcon, startIcon };
  return (
    <button type={type} className={buttonClass(look, className)} {...button}>
      <Inner look={look}>{children}</Inner>
    </button>
  );
}
