/**
 * The HTTP status of a page rendered on the server. A page that shows "not found" (an unknown address, a project or a
 * post that does not exist) marks it here as it renders, and the server answers 404 with that page, so search engines
 * and monitors read what a person sees. In the browser there is no holder and nothing happens.
 */
import { createContext, useContext } from 'react';

/** Filled in while the server renders a page; the last render's value is the answer's status. */
export interface PageStatus {
  code: number;
}

export const PageStatusContext = createContext<PageStatus | null>(null);

/** Marks the page being rendered on the server as not found (404). */
export function useNotFoundStatus(): void {
  const status = useContext(PageStatusContext);
  if (status) status.code = 404;
}

/** The not-found page's document title (the server writes the same one into the page it renders). */
export function notFoundTitle(siteName: string): string {
  return `Page not found · ${siteName}`;
}
