/**
 * Flattens a form schema for type generation: the properties (and nested objects) declared in `allOf` items and
 * `if/then/else` branches are merged into the object they extend, as optional properties. Enums declared in several
 * branches are united. Validation-only keywords are dropped; titles are dropped so that type names come from the
 * form id, not from labels product staff may reword.
 */
type Schema = Record<string, unknown>;

const DROP = new Set(['title', 'errorMessage', '$schema', '$id', 'if', 'then', 'else', 'allOf', 'unevaluatedProperties',
  'matchesField', 'atLeastField', 'atMostMarkedUp', 'pattern', 'format', 'default']);

function isObject(v: unknown): v is Schema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Merges `extra` into `base` (both property schemas): enums united, nested properties merged. */
function mergeProperty(base: Schema, extra: Schema): Schema {
  const out: Schema = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    if (key === 'enum' && Array.isArray(out.enum) && Array.isArray(value)) {
      out.enum = [...new Set([...(out.enum as unknown[]), ...value])];
    } else if (key === 'properties' && isObject(out.properties) && isObject(value)) {
      out.properties = mergeProperties(out.properties, value);
    } else if (!(key in out)) {
      out[key] = value;
    }
  }
  return out;
}

function mergeProperties(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a };
  for (const [name, schema] of Object.entries(b)) {
    out[name] = isObject(out[name]) && isObject(schema) ? mergeProperty(out[name], schema) : schema;
  }
  return out;
}

/** The branch schemas (then, else, allOf items, recursively) hanging off one object schema. */
function branches(schema: Schema): Schema[] {
  const found: Schema[] = [];
  const visit = (s: Schema): void => {
    for (const key of ['then', 'else'] as const) {
      const b = s[key];
      if (isObject(b)) {
        found.push(b);
        visit(b);
      }
    }
    if (Array.isArray(s.allOf)) {
      for (const item of s.allOf) {
        if (isObject(item)) {
          found.push(item);
          visit(item);
        }
      }
    }
  };
  visit(schema);
  return found;
}

/** Returns a copy of `schema` that json-schema-to-typescript reads completely. */
export function flattenForTypes(schema: Schema): Schema {
  let properties = isObject(schema.properties) ? { ...schema.properties } : undefined;
  for (const branch of branches(schema)) {
    if (isObject(branch.properties)) properties = mergeProperties(properties ?? {}, branch.properties);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROP.has(key) || key === 'properties') continue;
    out[key] = clean(value);
  }
  if (properties) {
    out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, isObject(v) ? flattenForTypes(v) : v]));
  }
  if (schema.type === 'object' || properties) out.additionalProperties = false;
  return out;
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (isObject(value)) return flattenForTypes(value);
  return value;
}
