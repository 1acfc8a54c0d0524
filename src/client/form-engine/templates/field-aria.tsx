/**
 * Field templates that make a field read well with a screen reader and say its rule once:
 * - the input itself carries `aria-invalid` and `aria-describedby` (its error, or its help and description), where
 *   RJSF's MUI template puts `aria-describedby` on the wrapping element, which a screen reader does not announce;
 * - a field shows one error at a time (ajv reports every broken rule: a short password broke both `minLength` and
 *   `pattern`), and its help gives way to the error instead of repeating the rule beside it.
 */
import type { BaseInputTemplateProps, FieldErrorProps, FieldHelpProps } from '@rjsf/utils';
import { descriptionId, errorId, helpId } from '@rjsf/utils';
import { muiTemplates as Templates } from '../theme';

const MuiBaseInput = Templates.BaseInputTemplate!;
const MuiFieldError = Templates.FieldErrorTemplate!;
const MuiFieldHelp = Templates.FieldHelpTemplate!;

/** The ids that describe a field's input: its error when it has one, otherwise its help; its description always. */
export function describedBy(id: string, opts: { invalid: boolean; help: boolean; description: boolean }): string | undefined {
  const ids = [opts.invalid ? errorId(id) : opts.help ? helpId(id) : null, opts.description ? descriptionId(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** What a widget needs to put on its input: whether it is invalid and which elements describe it. */
export function inputAria(props: { id: string; rawErrors?: string[]; hideError?: boolean; schema: { description?: string }; uiSchema?: Record<string, unknown> }) {
  const invalid = !props.hideError && (props.rawErrors?.length ?? 0) > 0;
  const help = Boolean(props.uiSchema?.['ui:help']);
  const description = Boolean(props.schema.description || props.uiSchema?.['ui:description']);
  return { 'aria-invalid': invalid, 'aria-describedby': describedBy(props.id, { invalid, help, description }) };
}

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const aria = inputAria(props);
  return <MuiBaseInput {...props} slotProps={{ ...props.slotProps, htmlInput: { ...(props.slotProps?.htmlInput as object), ...aria } }} />;
}

export function FieldErrorTemplate(props: FieldErrorProps) {
  return <MuiFieldError {...props} errors={props.errors?.slice(0, 1)} />;
}

export function FieldHelpTemplate(props: FieldHelpProps) {
  if (props.hasErrors) return null;
  return <MuiFieldHelp {...props} />;
}
