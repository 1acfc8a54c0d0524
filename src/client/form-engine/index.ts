/** The schema-driven form engine: one generic renderer for every form. Knows no routes and no HTTP. */
export { SchemaForm, validateWithDefinition, type SchemaFormProps } from './SchemaForm';
export { loadFormDefinition, loadFormVersion, isKnownForm, setFormSource, type FormDefinition, type FormSource, type PublishedDefinition } from './definitions';
export { previewDefinition } from './preview';
export type { EngineContext } from './engine-context';
// The read-only views are their own entry (./read-only), so a form does not load them and a page that only shows
// answers does not load the form renderer.
