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

/** Calls `visit` on every schema node (root, properties, items, branches, allOf items) with its pointer. */
export function walkSchema(node: Node, pointer: string, visit: (node: Node, pointer: string) => void): void {
  visit(node, pointer);
  if (isNode(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      if (isNode(child)) walkSchema(child, `${pointer}/properties/${esc(name)}`, visit);
    }
  }
  for (const key of ['items', 'if', 'then', 'else', 'not'] as const) {
    const child = node[key];
    if (isNode(child)) walkSchema(child, `${pointer}/${key}`, visit);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, i) => isNode(child) && walkSchema(child, `${pointer}/${key}/${i}`, visit));
  }
}

/** The property schemas an object node offers to data, including those its branches add (by name). */
export function propertiesOf(node: Node): Map<string, Node[]> {
  const out = new Map<string, Node[]>();
  const add = (n: Node): void => {
    if (isNode(n.properties)) {
      for (const [name, child] of Object.entries(n.properties)) {
        if (isNode(child)) out.set(name, [...(out.get(name) ?? []), child]);
      }
    }
    for (const key of ['then', 'else'] as const) if (isNode(n[key])) add(n[key] as Node);
    if (Array.isArray(n.allOf)) n.allOf.forEach((c) => isNode(c) && add(c));
  };
  add(node);
  return out;
}
