/**
 * The language a form is drawn and its messages said in (issue 29): the page's own (`<html lang>`, which the server
 * sets from the reader's choice) in the browser; the server renderer provides the request's through the context.
 */
import { createContext, useContext } from 'react';
import { documentLanguage, type Language } from '../../shared/i18n/language';
import { uiSchemaOverlay, wordsFor } from '../../shared/i18n/form-words';
import type { UiSchema } from '@rjsf/utils';
import type { FormDefinition } from './definitions';

/** The language of the page this script runs in; English where there is no page (tests without a DOM). */
export function pageLanguage(): Language {
  return documentLanguage() ?? 'en';
}

export const FormLanguageContext = createContext<Language>(pageLanguage());

/** The language forms are drawn in here. */
export function useFormLanguage(): Language {
  return useContext(FormLanguageContext);
}

const overlays = new WeakMap<object, Map<Language, UiSchema>>();

/** A definition's ui-schema that draws its (English) schema in a language, made once per definition and language. */
export function localUiSchema(def: Pick<FormDefinition, 'schema' | 'uiSchema' | 'translations'>, language: Language): UiSchema {
  let byLanguage = overlays.get(def.uiSchema);
  if (!byLanguage) overlays.set(def.uiSchema, (byLanguage = new Map()));
  let ui = byLanguage.get(language);
  if (!ui) {
    ui = uiSchemaOverlay(def.schema as Record<string, unknown>, def.uiSchema as Record<string, unknown>, wordsFor(def.translations, language)) as UiSchema;
    byLanguage.set(language, ui);
  }
  return ui;
}
