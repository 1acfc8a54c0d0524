/**
 * Data that came with the page. A server-rendered page carries the API answers it was rendered from in a JSON
 * script (`#page-data`); `useApi` starts from them, so hydration shows the same thing and asks nothing again. The
 * answers are only trusted until the first navigation inside the app: later visits ask the API as usual.
 *
 * On the server the same context collects which paths a render asked for (`want`), so the renderer can fetch them
 * and render again with the answers.
 */
import { jsonForScript } from '../../shared/json-script';
import { createContext, useContext } from 'react';

export const PAGE_DATA_ID = 'page-data';

export interface PageData {
  /** The API answer for a path (relative to /api/v1), when the page came with it. */
  get(path: string): unknown;
  /** Notes that the page needs a path it did not get (server side only; the browser asks the API itself). */
  want(path: string): void;
}

let pageData: Record<string, unknown> = {};

/** Reads the page's JSON script once, before hydrating. */
export function readPageData(doc: Document): void {
  const script = doc.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return;
  try {
    pageData = JSON.parse(script.textContent) as Record<string, unknown>;
  } catch {
    pageData = {};
  }
}

/** Forgets the page's data (after the first navigation, answers are fetched fresh). */
export function forgetPageData(): void {
  pageData = {};
}

const browserPageData: PageData = {
  get: (path) => pageData[path],
  want: () => undefined,
};

export const PageDataContext = createContext<PageData>(browserPageData);

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

/** Serialises page data for a `<script type="application/json">`: no `<` can close the script early. */
export function serialisePageData(data: Record<string, unknown>): string {
  return jsonForScript(data);
}
