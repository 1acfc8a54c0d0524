import { lazy, memo, startTransition, Suspense, use, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { withTheme, type default as Form } from '@rjsf/core';
import { muiTemplates, muiWidgets, preloadWidgets } from './theme';
import { getUiOptions, type RJSFSchema } from '@rjsf/utils';
import type { FormDataMap, FormId } from '../../shared/generated/form-types';
import { declaredPropertyNames, normalizeErrors, type FieldError, type RawAjvError } from '../../shared/validation/errors';
import { unsafeInputErrors } from '../../shared/validation/safe-input';
import { formatsLoading, onFormatsLoaded } from '../../shared/validation/lazy-formats.js';
import { definitionFromAnswer, loadFormDefinition, type FormDefinition, type PublishedDefinition } from './definitions';
import { pointerToId, toErrorSchema, topField } from './error-schema';
import type { EngineContext } from './engine-context';
import { groupsOf } from './ui-groups';
import { placeErrors, withoutUndrawn } from './marked-fields';
import { createBranchMemory } from './branch-memory';
import { widgets, templates } from './registry';
import { withOrderRest } from './ui-order';
import { typedBeforeHydration, useSubmitAttributes } from './hydration';
import type { FormStepsProps } from './FormSteps';
import { localUiSchema, useFormLanguage } from './language';
import { localizeErrors } from '../../shared/i18n/form-words';
import { withAsciiDigits } from '../../shared/forms/ascii-digits';
import { engineMessage } from '../../shared/i18n/messages';
import type { Language } from '../../shared/i18n/language';

const ThemedForm = withTheme({ widgets: muiWidgets, templates: muiTemplates });

// The step bar, loaded by forms that have steps (before they are first drawn: see preloadParts).
let LoadedSteps: ComponentType<FormStepsProps> | undefined;
let stepsPending: Promise<void> | undefined;
function loadSteps(): Promise<void> {
  return (stepsPending ??= import('./FormSteps').then(
    (m) => {
      LoadedSteps = m.default;
    },
    (e: unknown) => {
      stepsPending = undefined;
      throw e;
    },
  ));
}
const LazySteps = lazy(() => loadSteps().then(() => ({ default: LoadedSteps! })));

function Steps(props: FormStepsProps) {
  if (LoadedSteps) return <LoadedSteps {...props} />;
  return (
    <Suspense fallback={<Box sx={{ minHeight: 60, mb: 3 }} />}>
      <LazySteps {...props} />
    </Suspense>
  );
}

/** Fetches the code a form draws beyond text fields (its widgets, its step bar) before it is first drawn. */
function preloadParts(def: FormDefinition): Promise<unknown> {
  const stepped = getUiOptions(def.uiSchema).steps === true;
  return Promise.all([preloadWidgets(def.schema, def.uiSchema), stepped ? loadSteps() : undefined]);
}

/** The props of the generic form. `F` is the form id; data is typed from the generated types. */
export interface SchemaFormProps<F extends FormId> {
  formId: F;
  /**
   * A definition to render instead of loading the form's published one (the studio's preview of a draft, which has
   * no published version yet).
   */
  definition?: FormDefinition;
  /**
   * The published version as the page came with it (a server-rendered page): the form is drawn from it at the first
   * render, waiting (Suspense) for its validator and widgets rather than showing a loading state, so the browser
   * hydrates the server's markup instead of replacing it.
   */
  published?: PublishedDefinition;
  /** Data to start from (read when the form mounts). */
  initialData?: Partial<FormDataMap[F]>;
  /** Called with valid, typed data; fields of branches not taken are already dropped. */
  onSubmit: (data: FormDataMap[F]) => void | Promise<unknown>;
  /** Called with the data after every change (for drafts). */
  onChange?: (data: Partial<FormDataMap[F]>) => void;
  /** True while the page's request runs: the submit button shows progress and cannot be pressed again. */
  busy?: boolean;
  /** Field errors answered by the server (same shape and messages); each disappears when its field is edited. */
  serverErrors?: readonly FieldError[];
  /** Overrides the ui-schema's submit button text. */
  submitText?: string;
  /** Hides the schema's title and description (when the page already shows them). */
  hideTitle?: boolean;
  /** Resolves stored file ids to URLs for previews. */
  fileUrl?: (fileId: string) => Promise<string>;
  /** Extra buttons beside the submit button. */
  actions?: ReactNode;
  /** Called when the step changes in a stepped form (0-based). */
  onStepChange?: (step: number) => void;
  /** Called once the form is the browser's (drawn by its code, or the server's drawing taken over). */
  onReady?: () => void;
}

/**
 * Validates data with the form's RJSF validator (runtime or precompiled) and returns the shared field errors,
 * after the rule every form shares (no NUL or broken emoji in text; see shared/validation/safe-input), exactly as
 * the server and the CLI apply them; said in `language` with the form's words, as the server and the CLI say them.
 */
export function validateWithDefinition(def: FormDefinition, typed: unknown, language: Language = 'en'): FieldError[] {
  // Digits typed on a Bengali keyboard are read as ASCII first, as the server and the CLI read them.
  const data = withAsciiDigits(def.schema as Record<string, unknown>, typed);
  const unsafe = unsafeInputErrors(data);
  const { errors } = def.validator.rawValidation(def.schema, data);
  return localizeErrors([...unsafe, ...normalizeErrors((errors ?? []) as RawAjvError[], declaredNames(def.schema))], def.translations, language);
}

const declaredCache = new WeakMap<object, Set<string>>();
function declaredNames(schema: RJSFSchema): Set<string> {
  let names = declaredCache.get(schema);
  if (!names) {
    names = declaredPropertyNames(schema);
    declaredCache.set(schema, names);
  }
  return names;
}

/** Whether an RJSF input id is the field at `id` or inside it. */
function within(inputId: string, id: string): boolean {
  return inputId === id || inputId.startsWith(`${id}_`);
}

function plain<T>(data: unknown): T {
  return JSON.parse(JSON.stringify(data ?? {})) as T;
}

/**
 * The one generic form: renders any form from its schema and ui-schema, shows each schema message under its own
 * field once the field is touched — left after a change — (all of them after a submit attempt), and calls back with
 * typed data.
 */
export function SchemaForm<F extends FormId>(props: SchemaFormProps<F>) {
  // The page's callbacks are read through a ref, so a page that renders again (with new callbacks) while the user
  // types does not render the form again.
  const callbacks = useRef<Callbacks>(props as unknown as Callbacks);
  useLayoutEffect(() => {
    callbacks.current = props as unknown as Callbacks;
  });
  const [loaded, setLoaded] = useState<FormDefinition | null>(null);
  const [failed, setFailed] = useState(false);
  const given = props.definition;
  const fromPage = !given && props.published ? props.published : undefined;
  useEffect(() => {
    if (given || fromPage) return;
    let live = true;
    setLoaded(null);
    setFailed(false);
    loadFormDefinition(props.formId)
      // The widgets' code comes before the form is drawn, so no field appears as a placeholder first.
      .then(async (d) => (await preloadParts(d), d))
      .then(
        (d) => live && setLoaded(d),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [props.formId, given, fromPage]);
  const def = given ?? loaded;

  if (fromPage) {
    return (
      <Suspense fallback={<FormLoading />}>
        <PublishedForm {...props} published={fromPage} callbacks={callbacks} />
      </Suspense>
    );
  }

  if (failed) {
    return <Alert severity="error">This form could not be loaded. Check your connection and reload the page.</Alert>;
  }
  if (!def) return <FormLoading />;
  return <LoadedForm key={def.formId} def={def} {...props} callbacks={callbacks} />;
}

function FormLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-hidden />
      Loading the form…
    </Box>
  );
}

// One promise per published version (what `use` waits on must not change between renders).
const readyDefinitions = new Map<string, Promise<FormDefinition>>();

function readyDefinition(formId: FormId, answer: PublishedDefinition): Promise<FormDefinition> {
  let pending = readyDefinitions.get(answer.validatorUrl);
  if (!pending) {
    pending = definitionFromAnswer(formId, answer).then(async (d) => (await preloadParts(d), d));
    pending.catch(() => readyDefinitions.delete(answer.validatorUrl));
    readyDefinitions.set(answer.validatorUrl, pending);
  }
  return pending;
}

/** A form drawn from the published version the page came with, once its validator and widgets are loaded. */
function PublishedForm<F extends FormId>(props: SchemaFormProps<F> & { published: PublishedDefinition; callbacks: RefObject<Callbacks> }) {
  const def = use(readyDefinition(props.formId, props.published));
  return <LoadedForm key={def.formId} def={def} {...props} />;
}

/** The callbacks of `SchemaFormProps`, untyped by form (the engine hands them plain data). */
interface Callbacks {
  onSubmit: (data: unknown) => void | Promise<unknown>;
  onChange?: (data: unknown) => void;
  onStepChange?: (step: number) => void;
  onReady?: () => void;
}

const CALLBACK_PROPS = new Set(['onSubmit', 'onChange', 'onStepChange', 'onReady']);

/** Props equal but for the callbacks (which the form reads through `callbacks`). */
function sameProps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => CALLBACK_PROPS.has(k) || Object.is(a[k], b[k]));
}

/** A list of errors as one string, to tell whether what is shown changed. */
function errorsKey(list: readonly FieldError[]): string {
  return list.map((e) => `${e.path}\u0000${e.message}`).join('\u0001');
}

const LoadedForm = memo(LoadedFormRender, sameProps) as typeof LoadedFormRender;

function LoadedFormRender<F extends FormId>(props: SchemaFormProps<F> & { def: FormDefinition; callbacks: RefObject<Callbacks> }) {
  const { def, busy = false, hideTitle = false } = props;
  const language = useFormLanguage();
  const say = (text: string) => engineMessage(text, language);
  // The schema stays English (its validator is compiled for it); the words a person reads come in the ui-schema.
  const uiSchema = localUiSchema(def, language);
  const formRef = useRef<HTMLDivElement>(null);
  // RJSF owns the data (uncontrolled: it starts from `initialFormData`); this keeps a copy of what it last reported.
  // A keystroke commits RJSF's update only: this component renders again only when what it shows changes (a
  // message appears or goes, a step, a submit). Data the engine changes itself (a branch value put back) is handed
  // to RJSF through its `setFieldValue`, as a change of its own.
  // A server-rendered form (drawn from the published version the page came with) keeps what was typed into it
  // before the browser took it over.
  // The first render draws the server's data (what the server drew), so React takes its drawing over as it is: a
  // value typed meanwhile can change what the form shows (a payment method's options follow the amount), and drawn
  // at once it would not match the server's markup, which React would then throw away with what was typed. The
  // typed values are handed to the form right after (`early.values`).
  const [early] = useState(() => {
    const start = withoutUndrawn(def, plain<Record<string, unknown>>(props.initialData));
    return { start, ...(props.published ? typedBeforeHydration(def.schema, start) : { data: start, typed: [], left: [], values: [] }) };
  });
  const initialData = early.start;
  // Until then its submit button is a plain button (hydration.ts).
  const submitAttributes = useSubmitAttributes();
  useEffect(() => {
    props.callbacks.current.onReady?.();
  }, [props.callbacks]);
  const latest = useRef(initialData);
  const rjsf = useRef<Form>(null);
  useLayoutEffect(() => {
    for (const { path, value } of early.values) rjsf.current?.setFieldValue(path, value);
  }, [early]);
  const [, setRevision] = useState(0);
  // Values typed in a branch the user switched away from, put back if they switch back (dropped on submit).
  const [branches] = useState(() => createBranchMemory(def.validator, def.schema));
  // Each data object is validated once, however many times it is rendered or compared (anew once a format rule
  // loaded on first use has arrived: what it said before was provisional).
  const verdicts = useRef(new WeakMap<object, FieldError[]>());
  const [errorsOf] = useState(() => (data: Record<string, unknown>): FieldError[] => {
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
  // A submit waits for format rules still loading; a second press meanwhile does nothing more.
  const waitingForRules = useRef(false);
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
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>(props.serverErrors ?? []);
  const [step, setStep] = useState(0);
  const groups = useMemo(() => groupsOf(uiSchema as Record<string, unknown>), [uiSchema]);
  const stepped = getUiOptions(uiSchema).steps === true && groups.length > 1;
  const lastStep = stepped ? groups.length - 1 : 0;

  useEffect(() => {
    const list = props.serverErrors ?? [];
    setServerErrors(list);
    // The server may point at a field on another step: show that step and the field.
    const first = list.find((e) => e.path !== '');
    if (first) {
      if (stepped) goToStep(stepOf(first.path));
      focusField(first.path);
    }
    // Only when the server answers anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.serverErrors]);

  /** The schema errors shown for `data`: those of touched or revealed fields, all of them after a submit attempt. */
  function shownErrors(data: Record<string, unknown>): FieldError[] {
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

  function stepOf(pointer: string): number {
    const field = topField(pointer);
    const i = groups.findIndex((g) => g.fields.includes(field));
    return i === -1 ? lastStep : i;
  }

  function focusField(pointer: string): void {
    // Let React render the step and the messages first.
    setTimeout(() => {
      const id = pointerToId(pointer);
      const root = formRef.current;
      const el =
        root?.querySelector<HTMLElement>(`#${CSS.escape(id)}`) ??
        root?.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(id)}"]`) ??
        root?.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}"]`);
      if (el) {
        el.focus();
        el.scrollIntoView?.({ block: 'center' });
      }
    }, 0);
  }

  function goToStep(next: number): void {
    setStep(next);
    props.callbacks.current.onStepChange?.(next);
    formRef.current?.scrollIntoView?.({ block: 'start' });
    // Move focus to the new step's heading, so keyboard and screen-reader users land on it.
    // (The section heading is the section's focusable-by-script element, whatever its level.)
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('.engine-section > [tabindex="-1"]')?.focus(), 0);
  }

  function next(): void {
    const fields = new Set(groups[step]?.fields ?? []);
    // The data RJSF holds now (what it last reported may trail it when the form was just mounted from a draft).
    const current = (rjsf.current?.state.formData as Record<string, unknown> | undefined) ?? latest.current;
    const stepErrors = errorsOf(current).filter((e) => fields.has(topField(e.path)));
    if (stepErrors.length > 0) {
      setRevealed((r) => new Set([...r, ...fields]));
      focusField(stepErrors[0]!.path);
      return;
    }
    goToStep(Math.min(step + 1, lastStep));
  }

  function submit(data: Record<string, unknown>): void {
    if (busy || waitingForRules.current) return;
    const loading = formatsLoading();
    if (loading) {
      waitingForRules.current = true;
      void loading.then(() => {
        waitingForRules.current = false;
        submit(data);
      });
      return;
    }
    const current = validateWithDefinition(def, data, language);
    if (current.length > 0) {
      setSubmitted(true);
      const first = current.find((e) => e.path !== '') ?? current[0]!;
      if (stepped) goToStep(stepOf(first.path));
      focusField(first.path);
      return;
    }
    void props.callbacks.current.onSubmit(plain<FormDataMap[F]>(withAsciiDigits(def.schema as Record<string, unknown>, data)));
  }

  const shownStep = stepped ? step : undefined;
  const context = useMemo<EngineContext>(() => ({ fileUrl: props.fileUrl, step: shownStep, hideTitle }), [props.fileUrl, shownStep, hideTitle]);
  const submitText =
    props.submitText ?? (getUiOptions(uiSchema).submitButtonOptions?.submitText as string | undefined) ?? say('Submit');
  const errorCount = placed.fields;
  // Before a submit attempt only a server's message that marks no field needs the summary (the others sit at theirs).
  const summary = submitted ? placed.unplaced : placed.unplaced.filter((e) => serverErrors.includes(e));

  return (
    <Box ref={formRef}>
      {stepped && (
        <Steps titles={groups.map((g) => g.title)} active={step} />
      )}
      {((submitted && errorCount > 0) || summary.length > 0) && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {submitted && errorCount > 0 && say(errorCount === 1 ? 'Please correct the highlighted field.' : `Please correct the ${errorCount} highlighted fields.`)}
          {summary.map((e) => (
            <div key={e.message}>{e.message}</div>
          ))}
        </Alert>
      )}
      <ThemedForm
        schema={def.schema}
        uiSchema={withOrderRest(uiSchema)}
        validator={def.validator}
        ref={rjsf}
        initialFormData={initialData}
        widgets={widgets}
        templates={templates}
        formContext={context}
        noValidate
        noHtml5Validate
        showErrorList={false}
        omitExtraData
        liveOmit="onChange"
        extraErrors={extraErrors}
        onChange={(e, id) => {
          const next = (e.formData ?? {}) as Record<string, unknown>;
          const data = branches.reconcile(latest.current, next, id);
          latest.current = data;
          if (id) {
            edited.current.add(id);
            if (serverErrors.some((err) => within(id, pointerToId(err.path)))) {
              setServerErrors((list) => list.filter((err) => !within(id, pointerToId(err.path))));
            }
          }
          if (data !== next) {
            // A remembered branch value was put back: RJSF takes it as a change of the whole data (and reports it).
            rjsf.current?.setFieldValue([], data);
          } else if (errorsKey(shownErrors(data)) !== shownKey) {
            // A shown message appears or goes: render it after the keystroke's own frame.
            startTransition(() => setRevision((r) => r + 1));
          }
          props.callbacks.current.onChange?.(plain(data));
        }}
        onBlur={(id, value) => {
          const filled = value !== undefined && value !== null && value !== '';
          if (edited.current.has(id) || filled) setTouched((t) => (t.has(id) ? t : new Set([...t, id])));
        }}
        onSubmit={(e) => submit((e.formData ?? {}) as Record<string, unknown>)}
      >
        <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {stepped && step > 0 && (
            <Button type="button" variant="outlined" onClick={() => goToStep(step - 1)} disabled={busy}>
              {say('Back')}
            </Button>
          )}
          {stepped && step < lastStep ? (
            // Keys keep Next and Submit distinct elements: reusing one would turn the Next click into a submit.
            <Button key="next" type="button" variant="contained" onClick={next}>
              {say('Next')}
            </Button>
          ) : (
            <Button
              key="submit"
              {...submitAttributes}
              variant="contained"
              disabled={busy}
              aria-busy={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {submitText}
            </Button>
          )}
          {props.actions}
        </Box>
      </ThemedForm>
    </Box>
  );
}
