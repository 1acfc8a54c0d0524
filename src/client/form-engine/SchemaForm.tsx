import { memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { withTheme, type default as Form } from '@rjsf/core';
import { getUiOptions } from '@rjsf/utils';
import { muiTemplates, muiWidgets } from './theme';
import type { FormDataMap, FormId } from '../../shared/generated/form-types';
import type { FieldError } from '../../shared/validation/errors';
import { formatsLoading } from '../../shared/validation/lazy-formats.js';
import type { FormDefinition, PublishedDefinition } from './definitions';
import { topField } from './error-schema';
import type { EngineContext } from './engine-context';
import { withoutUndrawn } from './marked-fields';
import { createBranchMemory } from './branch-memory';
import { widgets, templates } from './registry';
import { withOrderRest } from './ui-order';
import { typedBeforeHydration, useSubmitAttributes } from './hydration';
import { localUiSchema, useFormLanguage } from './language';
import { withAsciiDigits } from '../../shared/forms/ascii-digits';
import { engineMessage } from '../../shared/i18n/messages';
import { validateWithDefinition } from './validate';
import { FormLoading } from './FormLoading';
import { Steps } from './LazySteps';
import { plain, sameProps, useCallbacks, type Callbacks } from './form-callbacks';
import { useFormDefinition, usePublishedDefinition } from './use-form-definition';
import { useSteps } from './use-steps';
import { useShownErrors } from './use-shown-errors';

export { validateWithDefinition };

const ThemedForm = withTheme({ widgets: muiWidgets, templates: muiTemplates });

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
 * The one generic form: renders any form from its schema and ui-schema, shows each schema message under its own
 * field once the field is touched — left after a change — (all of them after a submit attempt), and calls back with
 * typed data.
 */
export function SchemaForm<F extends FormId>(props: SchemaFormProps<F>) {
  const callbacks = useCallbacks(props);
  const given = props.definition;
  const fromPage = !given && props.published ? props.published : undefined;
  const { def, failed } = useFormDefinition(props.formId, given, fromPage);

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

/** A form drawn from the published version the page came with, once its validator and widgets are loaded. */
function PublishedForm<F extends FormId>(props: SchemaFormProps<F> & { published: PublishedDefinition; callbacks: RefObject<Callbacks> }) {
  const def = usePublishedDefinition(props.formId, props.published);
  return <LoadedForm key={def.formId} def={def} {...props} />;
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
  // Values typed in a branch the user switched away from, put back if they switch back (dropped on submit).
  const [branches] = useState(() => createBranchMemory(def.validator, def.schema));
  // A submit waits for format rules still loading; a second press meanwhile does nothing more.
  const waitingForRules = useRef(false);
  const { groups, step, stepped, lastStep, goToStep, focusField, showField } = useSteps(uiSchema, formRef, props.callbacks);
  const errors = useShownErrors({ def, language, latest, early, answered: props.serverErrors, showField });

  function next(): void {
    const fields = new Set(groups[step]?.fields ?? []);
    // The data RJSF holds now (what it last reported may trail it when the form was just mounted from a draft).
    const current = (rjsf.current?.state.formData as Record<string, unknown> | undefined) ?? latest.current;
    const stepErrors = errors.errorsOf(current).filter((e) => fields.has(topField(e.path)));
    if (stepErrors.length > 0) {
      errors.reveal(fields);
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
      errors.submitFailed();
      showField((current.find((e) => e.path !== '') ?? current[0]!).path);
      return;
    }
    void props.callbacks.current.onSubmit(plain<FormDataMap[F]>(withAsciiDigits(def.schema as Record<string, unknown>, data)));
  }

  const shownStep = stepped ? step : undefined;
  const context = useMemo<EngineContext>(() => ({ fileUrl: props.fileUrl, step: shownStep, hideTitle }), [props.fileUrl, shownStep, hideTitle]);
  const submitText =
    props.submitText ?? (getUiOptions(uiSchema).submitButtonOptions?.submitText as string | undefined) ?? say('Submit');
  const { submitted, errorCount, summary } = errors;

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
        extraErrors={errors.extraErrors}
        onChange={(e, id) => {
          const next = (e.formData ?? {}) as Record<string, unknown>;
          const data = branches.reconcile(latest.current, next, id);
          latest.current = data;
          if (id) errors.edit(id);
          if (data !== next) {
            // A remembered branch value was put back: RJSF takes it as a change of the whole data (and reports it).
            rjsf.current?.setFieldValue([], data);
          } else {
            errors.showChanges(data);
          }
          props.callbacks.current.onChange?.(plain(data));
        }}
        onBlur={errors.leave}
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
