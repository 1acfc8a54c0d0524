import { startTransition, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { FieldError } from '../../shared/validation/errors';
import { onFormatsLoaded } from '../../shared/validation/lazy-formats.js';
import type { Language } from '../../shared/i18n/language';
import type { FormDefinition } from './definitions';
import { pointerToId, toErrorSchema, topField } from './error-schema';
import { placeErrors } from './marked-fields';
import { validateWithDefinition } from './validate';

type Data = Record<string, unknown>;

/** Whether an RJSF input id is the field at `id` or inside it. */
function within(inputId: string, id: string): boolean {
  return inputId === id || inputId.startsWith(`${id}_`);
}

/** A list of errors as one string, to tell whether what is shown changed. */
function errorsKey(list: readonly FieldError[]): string {
  return list.map((e) => `${e.path}\u0000${e.message}`).join('\u0001');
}

interface ShownErrorsOptions {
  def: FormDefinition;
  language: Language;
  /** The data RJSF last reported. */
  latest: RefObject<Data>;
  /** What was typed (`typed`) and left (`left`) in the server's drawing before the browser took the form over. */
  early: { typed: string[]; left: string[] };
  /** The page's `serverErrors`. */
  answered: readonly FieldError[] | undefined;
  /** Brings the field a server's message points at into view. */
  showField: (pointer: string) => void;
}

/**
 * Which messages a form shows: each schema message under its own field once the field is touched — left after a
 * change — or revealed (a step's Next), all of them after a submit attempt, and the server's until their field is
 * edited. Each data object is validated once; the form renders again only when what is shown changes.
 */
export function useShownErrors({ def, language, latest, early, answered, showField }: ShownErrorsOptions) {
  const [, setRevision] = useState(0);
  // Each data object is validated once, however many times it is rendered or compared (anew once a format rule
  // loaded on first use has arrived: what it said before was provisional).
  const verdicts = useRef(new WeakMap<object, FieldError[]>());
  const [errorsOf] = useState(() => (data: Data): FieldError[] => {
    let errors = verdicts.current.get(data);
    if (!errors) {
      errors = validateWithDefinition(def, data, language);
      verdicts.current.set(data, errors);
    }
    return errors;
  });
  useEffect(
    () =>
      onFormatsLoaded(() => {
        verdicts.current = new WeakMap();
        setRevision((r) => r + 1);
      }),
    [],
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // Fields left before the browser took the form over are touched from the render after it (the first one must
  // draw what the server drew).
  useEffect(() => {
    if (early.left.length > 0) setTouched((t) => new Set([...t, ...early.left]));
  }, [early]);
  // A field counts as touched when it is left after being changed: an untouched empty field does not flash
  // "required" (and shift the page) when the user just clicks past it.
  const edited = useRef(new Set<string>(early.typed));
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>(answered ?? []);

  useEffect(() => {
    const list = answered ?? [];
    setServerErrors(list);
    // The server may point at a field on another step: show that step and the field.
    const first = list.find((e) => e.path !== '');
    if (first) showField(first.path);
    // Only when the server answers anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);

  /** The schema errors shown for `data`: those of touched or revealed fields, all of them after a submit attempt. */
  function shownErrors(data: Data): FieldError[] {
    // Nothing touched, revealed or submitted: nothing to show, so nothing to validate while the user types.
    if (!submitted && revealed.size === 0 && touched.size === 0) return [];
    return errorsOf(data).filter((e) => {
      if (submitted) return true;
      if (revealed.has(topField(e.path))) return true;
      const id = pointerToId(e.path);
      for (const t of touched) if (within(t, id) || within(id, t)) return true;
      return false;
    });
  }

  const shown = shownErrors(latest.current);
  const shownKey = errorsKey(shown);
  const visible = useMemo(() => [...shown, ...serverErrors], [shownKey, serverErrors]); // eslint-disable-line react-hooks/exhaustive-deps
  const extraErrors = useMemo(() => toErrorSchema(visible.filter((e) => e.path !== '')), [visible]);
  // The fields a person sees marked (each once), and the messages that mark no field, said in the summary.
  const placed = useMemo(() => placeErrors(def, latest.current, visible), [visible]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    errorsOf,
    extraErrors,
    submitted,
    /** How many fields are marked. */
    errorCount: placed.fields,
    // Before a submit attempt only a server's message that marks no field needs the summary (the others sit at theirs).
    summary: submitted ? placed.unplaced : placed.unplaced.filter((e) => serverErrors.includes(e)),
    /** A submit attempt failed: every message shows from now on. */
    submitFailed: () => setSubmitted(true),
    /** Shows the messages of these fields (a step's Next with errors in it). */
    reveal: (fields: Iterable<string>) => setRevealed((r) => new Set([...r, ...fields])),
    /** The field `id` changed: the server's messages about it go. */
    edit(id: string): void {
      edited.current.add(id);
      if (serverErrors.some((err) => within(id, pointerToId(err.path)))) {
        setServerErrors((list) => list.filter((err) => !within(id, pointerToId(err.path))));
      }
    },
    /** The data changed: when a shown message appears or goes, renders it after the keystroke's own frame. */
    showChanges(data: Data): void {
      if (errorsKey(shownErrors(data)) !== shownKey) startTransition(() => setRevision((r) => r + 1));
    },
    /** The field `id` was left: touched when it was edited or holds a value. */
    leave(id: string, value: unknown): void {
      const filled = value !== undefined && value !== null && value !== '';
      if (edited.current.has(id) || filled) setTouched((t) => (t.has(id) ? t : new Set([...t, id])));
    },
  };
}
