import { useId, useState } from 'react';
import { Icon, help } from '../../ui/icons';

/**
 * A help button whose text shows beside it while it is pointed at, focused or pressed (a tooltip: the button is
 * described by it); Escape hides it.
 */
export default function HelpTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="help-tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="icon-btn help-tip-button"
        aria-label={label}
        aria-describedby={open ? id : undefined}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        <Icon path={help} size="inherit" />
      </button>
      {open && (
        <span role="tooltip" id={id} className="help-tip-text">
          {text}
        </span>
      )}
    </span>
  );
}
