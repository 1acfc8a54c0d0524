/** What a page can give the engine through RJSF's form context (the engine itself knows no routes and no HTTP). */
export interface EngineContext {
  /** Resolves a stored file id (`file:<id>` values) to a URL an <img> can show. */
  fileUrl?: (fileId: string) => Promise<string>;
  /** The index of the step shown, when the ui-schema asks for steps. */
  step?: number;
  /** Hides the form's title and description (the page shows its own heading). */
  hideTitle?: boolean;
}
