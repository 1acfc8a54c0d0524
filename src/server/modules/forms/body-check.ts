/** A form body's check: its sizes first (limits-schema.ts), then its whole schema. */
import type { JsonSchema } from '../../../shared/forms/catalog';
import { createAjv } from '../../../shared/validation/ajv-setup';
import { limitsSchema } from '../../../shared/validation/limits-schema';

/** A body check: the sizes first (limits-schema.ts), then the whole schema; `errors` as Ajv leaves them. */
export type BodyCheck = ((data: unknown) => boolean) & { errors?: unknown[] | null };

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * A body validator that checks the sizes first (see limits-schema.ts): a body with arrays or strings past their
 * bounds is answered with those errors alone, before any item is looked at, so no body's shape is costly.
 */
export function sizesFirst<C extends Validate>(sizes: C, full: C): C {
  const check = ((data: unknown) => {
    if (!sizes(data)) {
      check.errors = sizes.errors;
      return false;
    }
    const valid = full(data);
    check.errors = full.errors;
    return valid;
  }) as C;
  return check;
}

/** The check of a schema: its limits schema first, its full schema only when the sizes pass. */
export function sizesFirstCheck(schema: JsonSchema): BodyCheck {
  return sizesFirst(createAjv().compile(limitsSchema(schema)) as Validate, createAjv().compile(schema) as Validate);
}
