/** Phone answers in stored form documents, kept in E.164 like the accounts' numbers, whichever way they were typed. */
import { normalizePhone } from './identity';

/**
 * A copy of a form answer whose top-level `format: "phone"` properties are in E.164. Read from the schema, so a
 * phone field product staff add is stored the same way with no code. Other values are untouched.
 */
export function withE164Phones<T>(schema: Record<string, unknown>, data: T): T {
  const properties = (schema.properties ?? {}) as Record<string, { format?: unknown }>;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const [key, property] of Object.entries(properties)) {
    if (property?.format === 'phone' && typeof out[key] === 'string') out[key] = normalizePhone(out[key] as string);
  }
  return out as T;
}
