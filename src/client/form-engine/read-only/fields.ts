/**
 * The pure half of the read-only view: which fields of a stored document to show, in which order and groups, and
 * how each value reads. Everything comes from the schema and ui-schema, so a field product staff add appears with
 * no code change; conditional fields (if/then/else, dependencies, oneOf) appear only when the data takes their
 * branch, decided by the form's own validator exactly as the form decides it.
 */
import { getUiOptions, optionsList, orderProperties, retrieveSchema, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { formatMoney } from '../../../shared/domain/money';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import type { Language } from '../../../shared/i18n/language';
import { engineMessage } from '../../../shared/i18n/messages';
import { groupsOf } from '../ui-groups';
import { orderWithRest } from '../ui-order';

/** The phone formatting rules (libphonenumber, 33 kB gzip), loaded only by a view that shows a phone number. */
let formatPhone: ((value: string) => string) | undefined;
let phoneRules: Promise<void> | undefined;
export function loadPhoneFormat(): Promise<void> {
  phoneRules ??= import('../../../shared/phone/phone.js').then((m) => {
    formatPhone = m.formatPhone;
  });
  return phoneRules;
}
export const phoneFormatLoaded = (): boolean => formatPhone !== undefined;

/** One field to show: its name, schema (branches resolved), ui-schema and stored value. */
export interface ShownField {
  name: string;
  title: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  value: unknown;
}

/** A titled group of shown fields (one untitled group when the ui-schema declares none). */
export interface ShownGroup {
  title: string | null;
  fields: ShownField[];
}

/** How a value is shown. */
export type ValueKind = 'money' | 'date' | 'date-time' | 'file' | 'list' | 'object' | 'long-text' | 'link' | 'text';

type Data = Record<string, unknown>;

/** A value worth a row: absent, null, empty text and empty lists are left out (a stored document omits them). */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value as Data).some(hasValue);
  return true;
}

/**
 * The fields of an object value to show, its conditional branches resolved against the data. `omit` leaves out
 * fields the page already shows in its own layout.
 */
export function shownFields(
  validator: ValidatorType,
  schema: RJSFSchema,
  rootSchema: RJSFSchema,
  uiSchema: UiSchema | undefined,
  data: Data,
  omit: readonly string[] = [],
): ShownField[] {
  const resolved = retrieveSchema(validator, schema, rootSchema, data);
  const properties = (resolved.properties ?? {}) as Record<string, RJSFSchema | boolean>;
  const names = Object.keys(properties).filter((n) => typeof properties[n] === 'object' && !omit.includes(n));
  // Ordered as the form orders them (a `ui:order` without `*` reads as ending with it, as in the form).
  return orderProperties(names, orderWithRest(uiSchema?.['ui:order']) as string[] | undefined).flatMap((name) => {
    const fieldUi = (uiSchema?.[name] ?? {}) as UiSchema;
    const value = data[name];
    if (!hasValue(value) || fieldUi['ui:widget'] === 'hidden') return [];
    const fieldSchema = retrieveSchema(validator, properties[name] as RJSFSchema, rootSchema, value);
    const title = getUiOptions(fieldUi).title ?? fieldSchema.title ?? name;
    return [{ name, title: String(title), schema: fieldSchema, uiSchema: fieldUi, value }];
  });
}

/** The shown fields in the ui-schema's groups (`ui:options.groups`); fields in no group go to the last one. */
export function shownGroups(fields: ShownField[], uiSchema: UiSchema | undefined): ShownGroup[] {
  const groups = groupsOf(uiSchema as Record<string, unknown> | undefined);
  if (groups.length === 0) return [{ title: null, fields }];
  const grouped = new Set(groups.flatMap((g) => g.fields));
  const byName = new Map(fields.map((f) => [f.name, f]));
  return groups
    .map((g, i) => ({
      title: g.title,
      fields: [
        ...g.fields.flatMap((n) => byName.get(n) ?? []),
        ...(i === groups.length - 1 ? fields.filter((f) => !grouped.has(f.name)) : []),
      ],
    }))
    .filter((g) => g.fields.length > 0);
}

/** A stored file reference (`file:<id>`) or an image picked but not yet stored (`data:image/…`). */
export function isFileValue(value: unknown): value is string {
  return typeof value === 'string' && (/^file:[0-9a-f-]{36}$/i.test(value) || value.startsWith('data:image/'));
}

/** How a field's value is shown, from its schema and ui-schema alone. */
export function kindOf(field: Pick<ShownField, 'schema' | 'uiSchema' | 'value'>): ValueKind {
  const { schema, uiSchema, value } = field;
  if (schema['x-money'] !== undefined && schema['x-money'] !== false) return 'money';
  if (schema.type === 'array' || Array.isArray(value)) return 'list';
  if (schema.type === 'object' || (typeof value === 'object' && value !== null)) return 'object';
  if (schema.format === 'upload' || uiSchema['ui:widget'] === 'imageUpload' || uiSchema['ui:widget'] === 'fileUpload' || isFileValue(value)) return 'file';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'date-time') return 'date-time';
  if (schema.format === 'uri' || schema.format === 'url' || (typeof value === 'string' && /^https?:\/\/\S+$/.test(value))) return 'link';
  if (uiSchema['ui:widget'] === 'textarea') return 'long-text';
  return 'text';
}

/**
 * A value as text: an enum by its label (`oneOf` const/title, `ui:enumNames`), a boolean as Yes/No (or its
 * labels), money as ৳ with separators (or the currency the sibling field `x-money` names), dates in the one style,
 * phones in the one readable form. `siblings` is the object the value sits in.
 */
export function valueText(field: Pick<ShownField, 'schema' | 'uiSchema' | 'value'>, siblings: Data = {}, language: Language = 'en'): string {
  const { schema, uiSchema, value } = field;
  const kind = kindOf(field);
  if (kind === 'money') {
    const money = schema['x-money'];
    const currency = typeof money === 'string' && typeof siblings[money] === 'string' ? (siblings[money] as string) : 'BDT';
    if (typeof value === 'number' || typeof value === 'string') {
      try {
        return formatMoney(value, language, currency);
      } catch {
        return String(value);
      }
    }
  }
  if (kind === 'date') return formatDate(value as string, language) || String(value);
  if (kind === 'date-time') return formatDateTime(value as string, language) || String(value);
  const options = schema.enum || schema.oneOf || schema.anyOf ? optionsList(schema, uiSchema) : undefined;
  const option = options?.find((o) => o.value === value);
  if (option) return String(option.label);
  if (typeof value === 'boolean') return engineMessage(value ? 'Yes' : 'No', language);
  // As stored until the rules have loaded (ReadOnlyView waits for them where a phone is shown).
  if (schema.format === 'phone' && typeof value === 'string') return formatPhone ? formatPhone(value) : value;
  return String(value);
}
