import type { RJSFSchema } from '@rjsf/utils';
import { declaredPropertyNames, normalizeErrors, type FieldError, type RawAjvError } from '../../shared/validation/errors';
import { unsafeInputErrors } from '../../shared/validation/safe-input';
import { localizeErrors } from '../../shared/i18n/form-words';
import { withAsciiDigits } from '../../shared/forms/ascii-digits';
import type { Language } from '../../shared/i18n/language';
import type { FormDefinition } from './definitions';

/**
 * Validates data with the form's RJSF validator (runtime or precompiled) and returns the shared field errors,
 * after the rule every form shares (no NUL or broken emoji in text; see shared/validation/safe-input), exactly as
 * the server and the CLI apply them; said in `language` with the form's words, as the server and the CLI say them.
 */
export function validateWithDefinition(def: FormDefinition, typed: unknown, language: Language = 'en'): FieldError[] {
  // Digits typed on a Bengali keyboard are read as ASCII first, as the server and the CLI read them.
  const data = withAsciiDigits(def.schema as Record<string, unknown>, typed);
  const unsafe = unsafeInputErrors(data);
  const { errors } = def.validator.rawValidation(def.schema, data);
  return localizeErrors([...unsafe, ...normalizeErrors((errors ?? []) as RawAjvError[], declaredNames(def.schema))], def.translations, language);
}

const declaredCache = new WeakMap<object, Set<string>>();
function declaredNames(schema: RJSFSchema): Set<string> {
  let names = declaredCache.get(schema);
  if (!names) {
    names = declaredPropertyNames(schema);
    declaredCache.set(schema, names);
  }
  return names;
}
