/**
 * The label of an outlined field. Material draws it inside the outline, on one line, cut with an ellipsis when it is
 * longer than the field ("Return for investors (Murabaha…" on a phone). A label that does not fit on one line is
 * drawn above the outline instead, wrapping at word boundaries, and the outline then has no notch: nothing is cut
 * and the outline stays whole. Whether it fits is measured with the label's own font, again when the field's width
 * changes (a phone turned, a window resized) and when the web fonts arrive.
 */
import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';

/** Material's room for a label inside an outlined field: the field's width less 24 px (InputLabel's max-width). */
const INSIDE_PADDING = 24;
/** A shrunk label is drawn at this scale (and has the same room): it fits where the full-size one may not. */
const SHRUNK_SCALE = 0.75;

let measuring: OffscreenCanvasRenderingContext2D | null | undefined;
function textWidth(text: string, font: string): number | null {
  // No canvas (a test's jsdom): the label is taken to fit, as Material draws it.
  measuring ??= typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
  if (!measuring) return null;
  measuring.font = font;
  return measuring.measureText(text).width;
}

/**
 * Whether the label `text` (with the required mark when `required`) fits on one line inside the outlined field whose
 * FormControl is `control` (at full size; at the shrunk size for a label that is always shrunk). True until
 * measured, as the server draws it.
 */
export function useLabelFits(control: RefObject<HTMLElement | null>, text: string | undefined, required = false, alwaysShrunk = false): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const el = control.current;
    if (!el || !text) return;
    const measure = () => {
      const label = el.querySelector('label');
      if (!label) return;
      // Material's required mark is a thin space and an asterisk.
      const width = textWidth(required ? `${text}\u2009*` : text, getComputedStyle(label).font);
      if (width === null || el.clientWidth === 0) return;
      setFits(width * (alwaysShrunk ? SHRUNK_SCALE : 1) <= el.clientWidth - INSIDE_PADDING);
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    let live = true;
    void document.fonts?.ready.then(() => live && measure());
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [control, text, required, alwaysShrunk]);
  return fits;
}

interface FieldLabelProps {
  htmlFor: string;
  id: string;
  /** Whether the label fits inside the outline (`useLabelFits`). */
  fits: boolean;
  /** Material's `shrink` for the label inside the outline (undefined: Material decides). */
  shrink?: boolean;
  children: ReactNode;
}

/**
 * The label inside the outline when it fits, above it otherwise (give the outline `notched={false}` and no `label`
 * then: see `outlineLabel`). Either way a real `<label for>` with the required mark.
 */
export function FieldLabel({ htmlFor, id, fits, shrink, children }: FieldLabelProps) {
  if (fits) {
    return (
      <InputLabel htmlFor={htmlFor} id={id} shrink={shrink}>
        {children}
      </InputLabel>
    );
  }
  return (
    <FormLabel htmlFor={htmlFor} id={id} sx={{ mb: 0.75, lineHeight: 1.35, overflowWrap: 'break-word' }}>
      {children}
    </FormLabel>
  );
}

/** The `label` and `notched` an OutlinedInput takes beside a `FieldLabel`. */
export function outlineLabel(label: ReactNode, fits: boolean, notched?: boolean): { label: ReactNode; notched: boolean | undefined } {
  return fits ? { label, notched } : { label: undefined, notched: false };
}
