/**
 * A form's field groups, from its ui-schema's `ui:options.groups`: read by the form's layout template and by the
 * read-only view. Kept apart from the template so the read-only view (public project pages) does not bring in
 * RJSF's theme.
 */
import { getUiOptions } from '@rjsf/utils';

/** A titled group of fields, from a ui-schema's `ui:options.groups`. */
export interface FieldGroup {
  title: string;
  fields: string[];
}

/** The groups a ui-schema declares at its root (empty when it declares none). */
export function groupsOf(uiSchema: Record<string, unknown> | undefined): FieldGroup[] {
  const options = getUiOptions(uiSchema ?? {});
  return Array.isArray(options.groups) ? (options.groups as FieldGroup[]) : [];
}
