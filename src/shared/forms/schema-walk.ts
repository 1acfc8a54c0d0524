/** Walking a JSON Schema: what the lint rules share. */

/** A schema node or any JSON object. */
export type Node = Record<string, unknown>;

export function isNode(v: unknown): v is Node {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Escapes one JSON-pointer segment. */
export function esc(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every schema inside a schema, wherever JSON Schema allows one ($defs, maps of schemas, lists, single ones). */
export function walkEverySchema(node: Node, pointer: string, visit: (node: Node, pointer: string) => void): void {
  visit(node, pointer);
  const child = (value: unknown, at: string): void => void (isNode(value) && walkEverySchema(value, at, visit));
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const) {
    if (isNode(node[key])) for (const [name, value] of Object.entries(node[key])) child(value, `${pointer}/${key}/${esc(name)}`);
  }
  for (const key of ['additionalItems', 'unevaluatedItems', 'contains', 'additionalProperties', 'unevaluatedProperties', 'propertyNames', 'if', 'then', 'else', 'not'] as const) {
    child(node[key], `${pointer}/${key}`);
  }
  for (const key of ['items', 'allOf', 'anyOf', 'oneOf'] as const) {
    const value = node[key];
    if (Array.isArray(value)) value.forEach((v, i) => child(v, `${pointer}/${key}/${i}`));
    else child(value, `${pointer}/${key}`);
  }
}
