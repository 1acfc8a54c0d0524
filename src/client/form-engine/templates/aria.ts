/**
 * What a field's input says to a screen reader: the input itself carries `aria-invalid` and `aria-describedby` (its
 * error, or its help and description), where RJSF's MUI templates put `aria-describedby` on the wrapping element,
 * which a screen reader does not announce.
 */
import { descriptionId, errorId, helpId } from '@rjsf/utils';

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
