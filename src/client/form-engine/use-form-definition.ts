import { use, useEffect, useState } from 'react';
import { getUiOptions } from '@rjsf/utils';
import type { FormId } from '../../shared/generated/form-types';
import { definitionFromAnswer, loadFormDefinition, type FormDefinition, type PublishedDefinition } from './definitions';
import { preloadWidgets } from './theme';
import { loadSteps } from './LazySteps';

/** Fetches the code a form draws beyond text fields (its widgets, its step bar) before it is first drawn. */
function preloadParts(def: FormDefinition): Promise<unknown> {
  const stepped = getUiOptions(def.uiSchema).steps === true;
  return Promise.all([preloadWidgets(def.schema, def.uiSchema), stepped ? loadSteps() : undefined]);
}

/**
 * The form's published definition, loaded (with the code it draws with) when the page gives neither a definition
 * (`given`) nor the published version it came with (`fromPage`); `failed` when it could not be loaded.
 */
export function useFormDefinition(
  formId: FormId,
  given: FormDefinition | undefined,
  fromPage: PublishedDefinition | undefined,
): { def: FormDefinition | null; failed: boolean } {
  const [loaded, setLoaded] = useState<FormDefinition | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (given || fromPage) return;
    let live = true;
    setLoaded(null);
    setFailed(false);
    loadFormDefinition(formId)
      // The widgets' code comes before the form is drawn, so no field appears as a placeholder first.
      .then(async (d) => (await preloadParts(d), d))
      .then(
        (d) => live && setLoaded(d),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [formId, given, fromPage]);
  return { def: given ?? loaded, failed };
}

// One promise per published version (what `use` waits on must not change between renders).
const readyDefinitions = new Map<string, Promise<FormDefinition>>();

function readyDefinition(formId: FormId, answer: PublishedDefinition): Promise<FormDefinition> {
  let pending = readyDefinitions.get(answer.validatorUrl);
  if (!pending) {
    pending = definitionFromAnswer(formId, answer).then(async (d) => (await preloadParts(d), d));
    pending.catch(() => readyDefinitions.delete(answer.validatorUrl));
    readyDefinitions.set(answer.validatorUrl, pending);
  }
  return pending;
}

/** The definition of the published version the page came with, once its validator and widgets are loaded (Suspense). */
export function usePublishedDefinition(formId: FormId, answer: PublishedDefinition): FormDefinition {
  return use(readyDefinition(formId, answer));
}
