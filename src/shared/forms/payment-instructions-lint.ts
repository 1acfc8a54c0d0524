/** The payment instructions' rules (what a donor is told for each way to pay). */
import { createAjv } from '../validation/ajv-setup';
import { isNode, walkSchema, type Node } from './schema-walk';
import type { Problem } from './lint-problem';

export const PAYMENT_INSTRUCTIONS_FILE = 'src/server/modules/donations/instructions.json';

/** Every value the donate form's `paymentMethod` can take, in any of its amount tiers. */
function paymentMethodsOf(donateSchema: Node): string[] {
  const out = new Set<string>();
  walkSchema(donateSchema, '', (node) => {
    const method = isNode(node.properties) ? node.properties.paymentMethod : undefined;
    if (isNode(method) && Array.isArray(method.enum)) for (const m of method.enum) out.add(String(m));
  });
  return [...out];
}

/**
 * Lints the payment instructions against their schema, and checks what the schema cannot know: every payment
 * method the donate form offers has instructions, so no donor is left without a way to pay.
 */
export function lintPaymentInstructions(instructions: Node, schema: Node, donateSchema: Node | undefined, file = PAYMENT_INSTRUCTIONS_FILE): Problem[] {
  const problems: Problem[] = [];
  const validate = createAjv().compile(schema);
  if (!validate(instructions)) {
    for (const e of validate.errors ?? []) {
      const extra = e.params && 'additionalProperty' in e.params ? ` ("${String(e.params.additionalProperty)}")` : '';
      problems.push({ file, pointer: e.instancePath, message: `${e.message ?? 'invalid'}${extra}` });
    }
  }
  const methods = isNode(instructions.methods) ? instructions.methods : {};
  // What a donor reads is said in both languages (issue 29 §3): a plain text or a missing `bn` shows English to a
  // Bengali reader.
  for (const [method, entry] of Object.entries(methods)) {
    const summary = isNode(entry) ? entry.summary : undefined;
    if (summary !== undefined && !(isNode(summary) && typeof summary.bn === 'string' && summary.bn.trim() !== '')) {
      problems.push({ file, pointer: `/methods/${method}/summary`, message: 'has no Bengali: write it as { "en": "…", "bn": "…" }' });
    } else if (isNode(summary) && summary.bn === summary.en) {
      problems.push({ file, pointer: `/methods/${method}/summary`, message: 'its Bengali repeats the English' });
    }
  }
  for (const method of donateSchema ? paymentMethodsOf(donateSchema) : []) {
    if (!(method in methods)) {
      problems.push({ file, pointer: '/methods', message: `the donate form offers "${method}" but it has no instructions: add methods["${method}"]` });
    }
  }
  return problems;
}
