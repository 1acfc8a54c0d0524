/** The schema-driven form engine: one generic renderer for every form. Knows no routes and no HTTP. */
export { SchemaForm, validateWithDefinition, type SchemaFormProps } from './SchemaForm';
export { loadFormDefinition, loadFormVersion, isKnownForm, setFormSource, type FormDefinition, type FormSource } from './definitions';
export { previewDefinition } from './preview';
export type { EngineContext } from './engine-context';
export { ReadOnlyView, FormReadOnlyView, type ReadOnlyViewProps, type FormReadOnlyViewProps } from './ReadOnlyView';
