/** The schema-driven form engine: one generic renderer for every form. Knows no routes and no HTTP. */
export { SchemaForm, validateWithDefinition, type SchemaFormProps } from './SchemaForm';
export { loadFormDefinition, isKnownForm, type FormDefinition } from './definitions';
export type { EngineContext } from './engine-context';
