import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The callbacks of `SchemaFormProps`, untyped by form (the engine hands them plain data). */
export interface Callbacks {
  onSubmit: (data: unknown) => void | Promise<unknown>;
  onChange?: (data: unknown) => void;
  onStepChange?: (step: number) => void;
  onReady?: () => void;
}

const CALLBACK_PROPS = new Set(['onSubmit', 'onChange', 'onStepChange', 'onReady']);

/**
 * The page's callbacks, read through a ref, so a page that renders again (with new callbacks) while the user types
 * does not render the form again.
 */
export function useCallbacks(props: object): RefObject<Callbacks> {
  const callbacks = useRef<Callbacks>(props as unknown as Callbacks);
  useLayoutEffect(() => {
    callbacks.current = props as unknown as Callbacks;
  });
  return callbacks;
}

/** Props equal but for the callbacks (which the form reads through `useCallbacks`). */
export function sameProps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => CALLBACK_PROPS.has(k) || Object.is(a[k], b[k]));
}

/** A deep copy made of plain JSON (what the engine hands the page, and what it starts from). */
export function plain<T>(data: unknown): T {
  return JSON.parse(JSON.stringify(data ?? {})) as T;
}
