/**
 * The engine's text input (every text, number, e-mail, password and textarea field): an outlined MUI input put
 * together from its parts — FormControl, InputLabel, OutlinedInput — as MUI's TextField does for its outlined
 * variant. TextField itself imports its Select (and with it Menu, Popover, Modal, List), about 20 kB gzip that a
 * text field never uses; every form, sign-in included, paid for it.
 *
 * The input carries `aria-invalid` and `aria-describedby` itself (its error, or its help and description), where
 * RJSF's MUI template put `aria-describedby` on the wrapping element, which a screen reader does not announce.
 *
 * Typing: the browser draws each key in the input at once (the input keeps its own text), and the form hears of the
 * text when the typing pauses (`TYPING_PAUSE_MS` without a key), the keys of one burst as one change
 * (`useTypedText`). The form's work for a change (its data, the messages, the fields a branch shows, a draft, a
 * preview) is done once per pause instead of once per key, so a key costs the main thread about what a bare
 * `<input>` costs. A field that shows a message hears every key just after its frame instead, so the message goes
 * the moment the text is right. Leaving the field, Enter, and the field going away hand over what is pending first,
 * so a submit, a Next or a blur always sees every key.
 */
import { forwardRef, useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type KeyboardEvent, type MouseEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { SchemaExamples } from '@rjsf/core';
import { examplesId, getInputProps, labelValue, type BaseInputTemplateProps } from '@rjsf/utils';
import { warmFormat } from '../../../shared/validation/lazy-formats.js';
import { inputAria } from './aria';
import { FieldLabel, outlineLabel, useLabelFits } from './FieldLabel';

/** Input types whose browser control always shows something, so the label sits above it from the start. */
const SHRUNK_LABEL_TYPES = new Set(['date', 'datetime-local', 'file', 'time']);

/**
 * How long without a key counts as a pause in typing, when the form hears of a field's text: longer than the gap
 * between a brisk typist's keys (~100–200 ms), short enough that a preview or a message follows the text at once
 * to the eye.
 */
export const TYPING_PAUSE_MS = 250;

/** The text an input shows for a form value. */
function asText(value: unknown): string {
  return value || value === 0 ? String(value) : '';
}

/**
 * An input's own text and when the form hears of it: `onInput` keeps the typed text and hands it to `onChange` once
 * the typing pauses, or, while `eager` (the field shows a message), after the next frame; `flush` hands it over now.
 * `epoch` changes when the form's value changed by itself (a restored branch value, a reset): the input is drawn anew
 * from that value.
 */
function useTypedText(value: unknown, onChange: (text: string) => void, eager: boolean) {
  const pending = useRef<string | null>(null);
  const scheduled = useRef<{ frame: number; timer?: ReturnType<typeof setTimeout> } | null>(null);
  // The text this input last handed to the form (or was drawn from): the form's echo of it is not a change of its own.
  const known = useRef(asText(value));
  const latestOnChange = useRef(onChange);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  });
  const [epoch, setEpoch] = useState(0);

  const flush = useCallback(() => {
    const s = scheduled.current;
    if (s) {
      cancelAnimationFrame(s.frame);
      if (s.timer !== undefined) clearTimeout(s.timer);
      scheduled.current = null;
    }
    const text = pending.current;
    if (text === null) return false;
    pending.current = null;
    known.current = text;
    latestOnChange.current(text);
    return true;
  }, []);

  const eagerNow = useRef(eager);
  useLayoutEffect(() => {
    eagerNow.current = eager;
  });

  const onInput = useCallback(
    (text: string) => {
      pending.current = text;
      const waiting = scheduled.current;
      if (eagerNow.current) {
        // A frame's hand-over is already on its way: this key goes with it.
        if (waiting && waiting.frame !== 0) return;
        if (waiting?.timer !== undefined) clearTimeout(waiting.timer);
        const s: { frame: number; timer?: ReturnType<typeof setTimeout> } = { frame: 0 };
        // After the frame that draws the key: a task queued from that frame's animation callback.
        s.frame = requestAnimationFrame(() => {
          s.timer = setTimeout(flush, 0);
        });
        scheduled.current = s;
        return;
      }
      // Typing on: the hand-over waits for the pause after this key.
      if (waiting) {
        cancelAnimationFrame(waiting.frame);
        if (waiting.timer !== undefined) clearTimeout(waiting.timer);
      }
      scheduled.current = { frame: 0, timer: setTimeout(flush, TYPING_PAUSE_MS) };
    },
    [flush],
  );

  // The form's value moved without this input (not the echo of what it typed): show it.
  const text = asText(value);
  useLayoutEffect(() => {
    if (pending.current === null && text !== known.current) {
      known.current = text;
      setEpoch((e) => e + 1);
    }
  }, [text]);

  // Leaving the page or step with keys pending: hand them over.
  useEffect(
    () => () => {
      flush();
    },
    [flush],
  );

  /** Hands over text typed into the input before this code took it over (a server-rendered form); true if any. */
  const adopt = useCallback(
    (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (!el || pending.current !== null || el.value === known.current || el.type === 'file') return false;
      pending.current = el.value;
      flush();
      return true;
    },
    [flush],
  );

  return { onInput, flush, adopt, epoch, text: known.current };
}

interface QuietInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Every change of the text (the form is told of it after the frame). */
  onTyped: (text: string) => void;
}

/**
 * The `<input>` inside MUI's OutlinedInput. MUI's own change handler (which marks the field filled or empty for its
 * label, and calls `onChange`) runs only when the input turns filled or empty: run on every key, its "filled" again
 * made React commit twice per keystroke. Every key goes to `onTyped`.
 */
const QuietInput = forwardRef<HTMLInputElement, QuietInputProps>(function QuietInput({ onChange, onTyped, ...rest }, ref) {
  const filled = useRef(rest.defaultValue !== undefined && rest.defaultValue !== '');
  return (
    <input
      ref={ref}
      {...rest}
      onChange={(e) => {
        onTyped(e.target.value);
        const now = e.target.value !== '';
        if (now !== filled.current) {
          filled.current = now;
          onChange?.(e);
        }
      }}
    />
  );
});

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, placeholder, required, readonly, disabled, type, label, hideLabel, value, onChange, onChangeOverride, onBlur, onFocus } = props;
  const { autofocus, options, schema, rawErrors = [], registry, slotProps } = props;
  const { multiline, rows } = props as BaseInputTemplateProps & { multiline?: boolean; rows?: number | string };
  const { step, min, max, accept, autoCapitalize, autoComplete, type: inputType } = getInputProps(schema, type, options);
  const emptyValue = options.emptyValue;
  const shown = labelValue(label || undefined, hideLabel, undefined);
  const labelId = `${id}-label`;
  const control = useRef<HTMLDivElement>(null);
  const alwaysShrunk = SHRUNK_LABEL_TYPES.has(inputType ?? '');
  const fits = useLabelFits(control, typeof shown === 'string' ? shown : undefined, required, alwaysShrunk);
  const outline = outlineLabel(shown, fits, alwaysShrunk ? true : undefined);

  // A format whose rule loads on first use (a phone number's) starts loading when its field is focused or typed in.
  const typed = useTypedText(
    value,
    (text) => {
      warmFormat(schema.format, text);
      onChange(text === '' ? emptyValue : text);
    },
    rawErrors.length > 0,
  );
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => typed.onInput(target.value);
  const { flush, adopt } = typed;
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  // Keys typed into the server's HTML before (or while) the browser took the form over are the person's: the form
  // takes them, and a field already left counts as left after a change (its message shows, as for a blur).
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (adopt(el) && el !== document.activeElement) onBlur(id, el!.value);
    // Once, when the input is first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const handleClear = useCallback(
    (e: MouseEvent) => {
      e.preventDefault();
      e.stopPropagation();
      flush();
      onChange(emptyValue);
    },
    [flush, onChange, emptyValue],
  );
  const { ClearButton } = registry.templates.ButtonTemplates;
  const clear =
    options.allowClearTextInputs && value && !readonly && !disabled ? (
      <InputAdornment position="end">
        <ClearButton registry={registry} onClick={handleClear} />
      </InputAdornment>
    ) : undefined;

  const htmlInput = {
    ...(slotProps?.htmlInput as object | undefined),
    step,
    min,
    max,
    accept,
    ...(autoCapitalize === undefined ? {} : { autoCapitalize }),
    ...(schema.examples ? { list: examplesId(id) } : {}),
    ...inputAria(props),
  };

  return (
    <>
      <FormControl ref={control} fullWidth required={required} disabled={disabled || readonly} error={rawErrors.length > 0}>
        {shown && (
          <FieldLabel htmlFor={id} id={labelId} fits={fits} shrink={alwaysShrunk ? true : undefined}>
            {shown}
          </FieldLabel>
        )}
        <OutlinedInput
          id={id}
          name={htmlName || id}
          type={multiline ? undefined : inputType}
          autoComplete={autoComplete}
          label={outline.label}
          notched={outline.notched}
          placeholder={placeholder}
          autoFocus={autofocus}
          multiline={multiline}
          rows={multiline ? Number(rows) : undefined}
          key={typed.epoch}
          defaultValue={typed.text}
          inputRef={inputRef}
          onChange={onChangeOverride ?? (multiline ? handleChange : undefined)}
          inputComponent={multiline || onChangeOverride ? undefined : (QuietInput as never)}
          onKeyDown={(e: KeyboardEvent) => {
            // Enter submits the form (or moves on): the form must hold every key first.
            if (e.key === 'Enter') typed.flush();
          }}
          onBlur={({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            const value = target.value;
            // Text handed over now reaches the form's data once React has applied it: the field is marked left after
            // that, so it is judged on what it holds (a message shown for the text before would move the page under
            // the pointer that is pressing a button, and the press would be lost).
            if (typed.flush()) setTimeout(() => onBlur(id, value), 0);
            else onBlur(id, value);
          }}
          onFocus={({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            warmFormat(schema.format, target.value);
            onFocus(id, target.value);
          }}
          endAdornment={clear}
          inputProps={multiline || onChangeOverride ? htmlInput : { ...htmlInput, onTyped: typed.onInput }}
        />
      </FormControl>
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
