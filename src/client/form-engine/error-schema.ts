/**
 * Converts the shared field errors (JSON pointers) to what RJSF shows, and maps pointers to the ids RJSF gives
 * the inputs, so the engine can tell which errors belong to fields the user has touched.
 */
import type { ErrorSchema } from '@rjsf/utils';
import { pointerSegments, type FieldError } from '../../shared/validation/errors';

/** The id prefix and separator RJSF uses for input ids (`root_documents_0_file`). */
export const ID_PREFIX = 'root';
export const ID_SEPARATOR = '_';

/** The RJSF input id of the field at a JSON pointer. */
export function pointerToId(pointer: string): string {
  return [ID_PREFIX, ...pointerSegments(pointer)].join(ID_SEPARATOR);
}

/** Builds RJSF's nested `ErrorSchema` from field errors (root errors land on the root's `__errors`). */
export function toErrorSchema<T>(errors: readonly FieldError[]): ErrorSchema<T> {
  const root: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    let node = root;
    for (const segment of pointerSegments(path)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    if (!list.includes(message)) list.push(message);
    node.__errors = list;
  }
  return root as ErrorSchema<T>;
}

/** The top-level field a pointer belongs to (`/documents/0/file` → `documents`), or '' for the root. */
export function topField(pointer: string): string {
  return pointerSegments(pointer)[0] ?? '';
}
