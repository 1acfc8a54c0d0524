/** The ui-schema's rules: every key it gives names a field of its form (in `ui:order`, groups and nested objects). */
import { esc, isNode, propertiesOf, type Node } from './schema-walk';
import type { Problem } from './lint-problem';

export function lintUiSchema(id: string, ui: Node, schema: Node, file: string): Problem[] {
  const problems: Problem[] = [];
  const visit = (uiNode: Node, schemaNode: Node, pointer: string): void => {
    const props = propertiesOf(schemaNode);
    for (const [key, value] of Object.entries(uiNode)) {
      if (key.startsWith('ui:')) {
        if (key === 'ui:order' && Array.isArray(value)) {
          for (const name of value as string[]) {
            if (name !== '*' && !props.has(name)) {
              problems.push({ file, pointer: `${pointer}/ui:order`, message: `"${name}" in ui:order is not a field of ${id}` });
            }
          }
        }
        if (key === 'ui:options' && isNode(value) && Array.isArray(value.groups)) {
          (value.groups as Node[]).forEach((group, i) => {
            for (const name of (group.fields as string[] | undefined) ?? []) {
              if (!props.has(name)) {
                problems.push({
                  file,
                  pointer: `${pointer}/ui:options/groups/${i}`,
                  message: `"${name}" in group "${String(group.title)}" is not a field of ${id}`,
                });
              }
            }
          });
        }
        continue;
      }
      if (key === 'items' && isNode(value) && isNode(schemaNode.items)) {
        visit(value, schemaNode.items, `${pointer}/items`);
        continue;
      }
      const targets = props.get(key);
      if (!targets) {
        problems.push({ file, pointer: `${pointer}/${esc(key)}`, message: `"${key}" is not a field of ${id}` });
        continue;
      }
      if (isNode(value)) visit(value, targets[0]!, `${pointer}/${esc(key)}`);
    }
  };
  visit(ui, schema, '');
  return problems;
}
