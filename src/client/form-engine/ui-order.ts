/**
 * A `ui:order` names the fields to show first. RJSF refuses to draw a form whose `ui:order` leaves a field out
 * without a `*` ("the rest"): a field added to a schema (in the studio, or by hand) would break the whole form until
 * the ui-schema lists it. The engine reads every `ui:order` as ending with `*` when it has none, so a new field
 * appears after the listed ones; put it in `ui:order` to place it elsewhere.
 */
import type { UiSchema } from '@rjsf/utils';

type Node = Record<string, unknown>;

function isNode(v: unknown): v is Node {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A `ui:order` list with `*` at its end when it has none (anything else as it is). */
export function orderWithRest(order: unknown): unknown {
  return Array.isArray(order) && !order.includes('*') ? [...(order as unknown[]), '*'] : order;
}

function withRest(node: Node): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ui:order') out[key] = orderWithRest(value);
    else if (isNode(value) && !key.startsWith('ui:')) out[key] = withRest(value);
    else out[key] = value;
  }
  return out;
}

const cache = new WeakMap<object, UiSchema>();

/** The ui-schema with `*` at the end of every `ui:order` that has none (the same object for the same input). */
export function withOrderRest(uiSchema: UiSchema): UiSchema {
  let out = cache.get(uiSchema);
  if (!out) {
    out = withRest(uiSchema as Node) as UiSchema;
    cache.set(uiSchema, out);
  }
  return out;
}
