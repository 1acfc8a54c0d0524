/** Phone answers in stored form documents, kept in E.164 like the accounts' numbers, whichever way they were typed. */
import { normalizePhone } from './identifiers';

/**
 * The top-level properties of a form schema that hold a phone number (`format: "phone"`). Read from the schema, so a
 * phone field product staff add is stored the same way with no code.
 */
export function phoneFields(schema: Record<string, unknown>): string[] {
  const properties = (schema.properties ?? {}) as Record<string, { format?: unknown } | null>;
  return Object.entries(properties)
    .filter(([, property]) => property?.format === 'phone')
    .map(([key]) => key);
}

/** A copy of a form answer whose phone fields (`phoneFields`) are in E.164. Other values are untouched. */
export function withE164Phones<T>(schema: Record<string, unknown>, data: T): T {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const key of phoneFields(schema)) {
    if (typeof out[key] === 'string') out[key] = normalizePhone(out[key] as string);
  }
  return out as T;
}
