/**
 * Stands in for `markdown-to-jsx/react` in the browser bundle (the alias in vite.config.ts). RJSF imports its
 * `Markdown` for rich descriptions and help (only with `ui:enableMarkdownInDescription` / `…InHelp`, which no
 * ui-schema sets), for its file widget (the engine has its own) and for its configuration errors. Every text the
 * engine shows — schema titles, descriptions, help, messages — is plain text, so it is shown as written: no parser
 * (22 % of the form-engine chunk) is loaded for it.
 */
import type { ReactNode } from 'react';

export function Markdown(props: { children?: ReactNode; options?: unknown; 'data-testid'?: string }) {
  return <span data-testid={props['data-testid']}>{props.children}</span>;
}
