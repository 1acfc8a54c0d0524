/**
 * Where the form's messages land: which errors a person sees under a field the form draws, and how many fields
 * those are — the number "Please correct the N highlighted fields" says. Several messages of one field count once;
 * a message for something the form does not draw (the whole form, a hidden field, a field of a branch not taken or
 * that this version of the form no longer has) marks no field, so it is said in words in the summary instead.
 */
import { omitExtraData, retrieveSchema, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { pointerSegments, type FieldError } from '../../shared/validation/errors';

/** What the form is drawn from. */
export interface DrawnForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

export interface PlacedErrors {
  /** How many distinct fields show at least one message. */
  fields: number;
  /** Messages that belong to no drawn field, in their order, each once. */
  unplaced: FieldError[];
}

type Node = Record<string, unknown>;

function isHidden(ui: Node | undefined): boolean {
  return ui?.['ui:widget'] === 'hidden' || ui?.['ui:field'] === 'hidden';
}

/** Whether the form draws a field at this pointer for this data (branches resolved against the data). */
export function isDrawn(form: DrawnForm, data: unknown, pointer: string): boolean {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return false;
  let node: RJSFSchema = form.schema;
  let ui = form.uiSchema as Node | undefined;
  let value = data;
  for (const segment of segments) {
    const resolved = retrieveSchema(form.validator, node, form.schema, value);
    const here = value as Node | unknown[] | null | undefined;
    if (resolved.type === 'array' || resolved.items !== undefined) {
      if (!/^\d+$/.test(segment)) return false;
      const index = Number(segment);
      const items = resolved.items;
      const item = Array.isArray(items) ? (items[index] ?? resolved.additionalItems) : items;
      if (item === undefined || typeof item === 'boolean') return false;
      node = item as RJSFSchema;
      ui = ui?.items as Node | undefined;
      value = Array.isArray(here) ? here[index] : undefined;
    } else {
      const field = resolved.properties?.[segment];
      if (field === undefined || typeof field === 'boolean') return false;
      node = field as RJSFSchema;
      ui = ui?.[segment] as Node | undefined;
      value = here && typeof here === 'object' ? (here as Node)[segment] : undefined;
    }
    if (isHidden(ui)) return false;
  }
  return true;
}

/** Splits the shown errors into the fields they mark and the messages that mark none. */
export function placeErrors(form: DrawnForm, data: unknown, errors: readonly FieldError[]): PlacedErrors {
  const fields = new Set<string>();
  const unplaced: FieldError[] = [];
  const said = new Set<string>();
  for (const error of errors) {
    if (fields.has(error.path)) continue;
    if (isDrawn(form, data, error.path)) fields.add(error.path);
    else if (!said.has(error.message)) {
      said.add(error.message);
      unplaced.push(error);
    }
  }
  return { fields: fields.size, unplaced };
}

/**
 * The data the form starts from, without what it does not draw (keys of no field, fields of branches not taken):
 * RJSF drops them from what it submits, so they are not shown as problems to fix either.
 */
export function withoutUndrawn(form: DrawnForm, data: Record<string, unknown>): Record<string, unknown> {
  return (omitExtraData(form.validator, form.schema, form.schema, data) as Record<string, unknown> | undefined) ?? {};
}
