/**
 * Keeps what was typed in a conditional branch while the user looks at another one (issue 12 §5). RJSF's
 * `omitExtraData` + `liveOmit` drop a branch's fields from the data the moment its branch is no longer taken — right
 * for what is submitted, wrong for someone who clicks Donate, then Investment again, and finds the fields empty.
 * This remembers each dropped top-level value and puts it back when its field is part of the form again.
 */
import { retrieveSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';

type Data = Record<string, unknown>;

export interface BranchMemory {
  /**
   * Takes the data RJSF just produced (`next`, branch fields already omitted), the data before (`previous`) and the
   * id of the field the user changed; returns the data with remembered values of fields shown again put back.
   */
  reconcile(previous: Data, next: Data, changedId: string | undefined): Data;
}

/** Top-level fields the schema has for this data (branches resolved), with their defaults. */
function fieldsFor(validator: ValidatorType, schema: RJSFSchema, data: Data): Map<string, unknown> {
  const resolved = retrieveSchema(validator, schema, schema, data);
  return new Map(Object.entries(resolved.properties ?? {}).map(([key, field]) => [key, typeof field === 'object' ? field.default : undefined]));
}

/** Nothing typed: empty text, or lists and objects of nothing (RJSF adds `[{}]` for a list with minItems). */
function blank(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every(blank);
  if (typeof value === 'object') return Object.values(value).every(blank);
  return false;
}

/** RJSF fills a re-shown field with its default or empty rows: not typed by the user, so it may be replaced. */
function untouched(data: Data, key: string, fallback: unknown): boolean {
  return blank(data[key]) || (fallback !== undefined && JSON.stringify(data[key]) === JSON.stringify(fallback));
}

export function createBranchMemory(validator: ValidatorType, schema: RJSFSchema): BranchMemory {
  const kept = new Map<string, unknown>();
  return {
    reconcile(previous, next, changedId) {
      for (const [key, value] of Object.entries(previous)) {
        // Cleared by the user (the changed field itself) is not "hidden by a branch": forget it.
        const cleared = changedId === `root_${key}` || changedId?.startsWith(`root_${key}_`);
        if (!(key in next) && !cleared && !blank(value)) kept.set(key, value);
      }
      if (kept.size === 0) return next;
      let data = next;
      // Restoring a field can open a nested branch (Investment → Recurring → its fields): repeat until stable.
      for (let round = 0; round < 5; round++) {
        const shown = fieldsFor(validator, schema, data);
        const back = [...kept.keys()].filter((key) => shown.has(key) && untouched(data, key, shown.get(key)));
        if (back.length === 0) break;
        data = { ...data };
        for (const key of back) {
          data[key] = kept.get(key);
          kept.delete(key);
        }
      }
      return data;
    },
  };
}
