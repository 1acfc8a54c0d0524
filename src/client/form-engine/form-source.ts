/**
 * Where published form versions come from: the app registers the API client's functions at start (router.tsx); the
 * engine itself talks no HTTP. Apart from definitions.ts, so that registering it at start does not put the form
 * loader (its per-form file tables) into every page's first script.
 */

/** A published version as the server answers it. */
export interface PublishedDefinition {
  version: number;
  schema: unknown;
  uiSchema: unknown;
  /** Its words in other languages (`{ bn: { English text: translation } }`). */
  translations?: Partial<Record<string, Record<string, string>>>;
  /** Same-origin URL of an ES module whose default export is the standalone validator functions. */
  validatorUrl: string;
}

/** Where published versions come from (the app passes the API client's functions in). */
export interface FormSource {
  published(formId: string): Promise<PublishedDefinition>;
  version(formId: string, version: number): Promise<PublishedDefinition>;
}

let source: FormSource | null = null;

/** Registers where published forms come from; `null` goes back to the bundled files only. */
export function setFormSource(next: FormSource | null): void {
  source = next;
}

/** The registered source, or null (tests, or none registered): the bundled files are used. */
export function formSource(): FormSource | null {
  return source;
}
