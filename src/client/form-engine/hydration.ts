/**
 * A form the server rendered is on screen (and can be typed into) before its code has run. Two things make that
 * safe:
 * - Its submit button is a plain button (`type="button"`, marked `data-needs-code`) until the browser has taken the
 *   form over (`useSubmitAttributes`): a submit button's click or an Enter before then would make the browser submit the
 *   bare HTML form itself, a GET with every field (a password too) in the address. /boot.js holds such a press and
 *   makes it once the mark is gone.
 * - What the person typed meanwhile is kept (`typedBeforeHydration`): React would otherwise put the values it
 *   rendered (the server's) back into the inputs.
 */
import { useSyncExternalStore } from 'react';
import type { RJSFSchema } from '@rjsf/utils';

const noSubscription = () => () => undefined;

/** False on the server and while hydrating server HTML; true once the browser has taken the page over. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The attributes of a server-rendered form's submit button: a plain button marked `data-needs-code` until the browser
 * has taken the form over, a submit button after. /boot.js holds a press on it, or Enter in a field, until the mark is
 * gone, then makes it; the bare HTML form is never sent.
 */
export function useSubmitAttributes(): { type: 'submit' | 'button'; 'data-needs-code'?: '' } {
  return useHydrated() ? { type: 'submit' } : { type: 'button', 'data-needs-code': '' };
}

type Data = Record<string, unknown>;

/** A field's RJSF input id (`root_a_b` for a.b), as the server rendered it. */
function inputId(path: readonly string[]): string {
  return ['root', ...path].join('_');
}

/** Whether an element is still the server's (React has not attached to it yet). */
export function notYetHydrated(el: Element): boolean {
  return !Object.keys(el).some((k) => k.startsWith('__react'));
}

/**
 * `data` with the values typed into the server-rendered inputs of this form's text, number and yes/no fields
 * before the browser took it over (only those that differ from what the server rendered), the ids of those inputs,
 * and those of them the person has already left (they count as touched: their messages show). Read during the render
 * that hydrates the form, before React writes its own values back; on the server, or for a form drawn in the
 * browser, nothing was typed. (Keys typed while the form is being taken over are picked up by the text input itself.)
 */
export interface TypedBeforeHydration {
  data: Data;
  typed: string[];
  left: string[];
  /** Each value typed, by its field's path (the form takes them once the server's drawing is taken over). */
  values: { path: string[]; value: unknown }[];
}

export function typedBeforeHydration(schema: RJSFSchema, data: Data): TypedBeforeHydration {
  if (typeof document === 'undefined') return { data, typed: [], left: [], values: [] };
  const values: { path: string[]; value: unknown }[] = [];
  const out = JSON.parse(JSON.stringify(data ?? {})) as Data;
  const typed: string[] = [];
  const left: string[] = [];
  // `holder()` gives the object the fields of `node` live in, creating it (and its parents) only when a value is found.
  const visit = (node: RJSFSchema, path: string[], holder: () => Data) => {
    for (const [key, sub] of Object.entries(node.properties ?? {})) {
      if (typeof sub !== 'object' || sub === null) continue;
      const field = sub as RJSFSchema;
      const at = [...path, key];
      if (field.type === 'object' && field.properties) {
        visit(field, at, () => {
          const parent = holder();
          if (!parent[key] || typeof parent[key] !== 'object') parent[key] = {};
          return parent[key] as Data;
        });
        continue;
      }
      const el = document.getElementById(inputId(at));
      const value = typedValue(el, field);
      if (value === undefined) continue;
      holder()[key] = value;
      values.push({ path: at, value });
      typed.push(inputId(at));
      if (el !== document.activeElement) left.push(inputId(at));
    }
  };
  visit(schema, [], () => out);
  return { data: typed.length ? out : data, typed, left, values };
}

/** What a person typed into a server-rendered input, or undefined when it is the server's value or not one we read. */
function typedValue(el: HTMLElement | null, field: RJSFSchema): unknown {
  if (!el || !notYetHydrated(el)) return undefined;
  if (el instanceof HTMLInputElement && el.type === 'checkbox') {
    return field.type === 'boolean' && el.checked !== el.defaultChecked ? el.checked : undefined;
  }
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || el.type === 'file') return undefined;
  if (el.value === el.defaultValue) return undefined;
  if (field.type === 'string') return el.value;
  if (field.type === 'number' || field.type === 'integer') {
    const n = Number(el.value);
    return el.value.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/**
 * The choice a person made in the server's drawing of this select before the browser took the form over (undefined
 * when none, or when it is not the server's any more): read while the form is being taken over, before React puts
 * its own value back. Matched by the option's words, which the server drew in the page's language as this code does
 * (the server's options may be another branch's, so their positions do not tell).
 */
export function chosenBeforeHydration(id: string, enumOptions: readonly { value: unknown; label: string }[]): { value: unknown } | undefined {
  if (typeof document === 'undefined') return undefined;
  const el = document.getElementById(id);
  if (!(el instanceof HTMLSelectElement) || !notYetHydrated(el)) return undefined;
  const option = el.selectedOptions[0];
  if (!option || option.defaultSelected || option.value === '') return undefined;
  const match = enumOptions.find((o) => o.label === option.text);
  return match ? { value: match.value } : undefined;
}
