/**
 * Finds the file fields in a submission: the JSON pointers whose schema (including branch and array item schemas)
 * says `format: "upload"` and whose value is a string.
 */
import { escapePointerSegment } from '../../shared/validation/errors';

type Schema = Record<string, unknown>;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Every schema a property of `schema` may have, across `then`/`else`/`allOf` branches. */
function propertySchemas(schema: Schema, name: string): Schema[] {
  const out: Schema[] = [];
  const visit = (s: Schema): void => {
    const props = s.properties;
    if (isObject(props) && isObject(props[name])) out.push(props[name] as Schema);
    for (const key of ['then', 'else'] as const) if (isObject(s[key])) visit(s[key] as Schema);
    if (Array.isArray(s.allOf)) for (const item of s.allOf) if (isObject(item)) visit(item);
  };
  visit(schema);
  return out;
}

/** The pointers of the upload fields present in `data`, in document order. */
export function uploadPaths(schema: Schema, data: unknown, pointer = ''): string[] {
  if (Array.isArray(data)) {
    const items = isObject(schema.items) ? (schema.items as Schema) : undefined;
    return items ? data.flatMap((item, i) => uploadPaths(items, item, `${pointer}/${i}`)) : [];
  }
  if (!isObject(data)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const schemas = propertySchemas(schema, key);
    const here = `${pointer}/${escapePointerSegment(key)}`;
    if (typeof value === 'string' && schemas.some((s) => s.format === 'upload')) out.push(here);
    else for (const s of schemas) out.push(...uploadPaths(s, value, here));
  }
  return [...new Set(out)];
}
