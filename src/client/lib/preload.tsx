/**
 * Data that came with the page. A server-rendered page carries the API answers it was rendered from in a JSON
 * script (`#page-data`); `useApi` starts from them, so hydration shows the same thing and asks nothing again. The
 * answers are only trusted until the first navigation inside the app: later visits ask the API as usual.
 *
 * On the server the same context collects which paths a render asked for (`want`), so the renderer can fetch them
 * and render again with the answers. An answer that was 404 travels too (`failed`): the page is then rendered, and
 * hydrated, as the not-found page it is.
 */
import { jsonForScript } from '../../shared/json-script';
import { createContext, useContext } from 'react';

export const PAGE_DATA_ID = 'page-data';
/** The key of the page data's 404 answers (no API path starts with `#`). */
const FAILED_KEY = '#failed';

/** An API answer that was not found, as the page came with it. */
export interface FailedAnswer {
  status: number;
  message: string;
}

export interface PageData {
  /** The API answer for a path (relative to /api/v1), when the page came with it. */
  get(path: string): unknown;
  /** The path's answer when it was 404 as the page was made. */
  failed(path: string): FailedAnswer | undefined;
  /** Notes that the page needs a path it did not get (server side only; the browser asks the API itself). */
  want(path: string): void;
}

let pageData: Record<string, unknown> = {};
let failedAnswers: Record<string, FailedAnswer> = {};

/** Reads the page's JSON script once, before hydrating. */
export function readPageData(doc: Document): void {
  const script = doc.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return;
  try {
    const { [FAILED_KEY]: failed, ...answers } = JSON.parse(script.textContent) as Record<string, unknown>;
    pageData = answers;
    failedAnswers = (failed ?? {}) as Record<string, FailedAnswer>;
  } catch {
    forgetPageData();
  }
}

/** Forgets the page's data (after the first navigation, answers are fetched fresh). */
export function forgetPageData(): void {
  pageData = {};
  failedAnswers = {};
}

const browserPageData: PageData = {
  get: (path) => pageData[path],
  failed: (path) => failedAnswers[path],
  want: () => undefined,
};

export const PageDataContext = createContext<PageData>(browserPageData);

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

/**
 * Serialises page data (the answers, and the 404 ones when there are any) for a `<script type="application/json">`:
 * no `<` can close the script early.
 */
export function serialisePageData(data: Record<string, unknown>, failed: Record<string, FailedAnswer> = {}): string {
  return jsonForScript(Object.keys(failed).length ? { ...data, [FAILED_KEY]: failed } : data);
}
