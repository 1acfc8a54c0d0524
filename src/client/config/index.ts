/**
 * The screen config and the site content, typed by their generated types.
 *
 * The site content is published by staff in the studio (GET /api/v1/content): every page the server sends carries
 * the current version in a JSON script (#site-content), which the app provides to its components through
 * `useContent()`. The bundled content.json is the default (tests, the dev server, a page without the script).
 */
import { createContext, useContext } from 'react';
import screensJson from './screens.json';
import contentJson from './content.json';
import type { Screen, ScreensConfig, SiteContent } from './config-types';
import { prefillRefs } from '../lib/template';

export const screensConfig = screensJson as unknown as ScreensConfig;
/** The content as built (content.json): the default until the page says otherwise. */
export const bundledContent = contentJson as unknown as SiteContent;
export type { Screen, SiteContent };

/** What the router gives a page component a screen names (`"kind": "page"`). */
export interface PageProps {
  screen: Screen;
  /** The screen's `props` from the config. */
  props: Record<string, string | number | boolean>;
}

export const SiteContentContext = createContext<SiteContent>(bundledContent);

/** The site content the page was sent with. */
export function useContent(): SiteContent {
  return useContext(SiteContentContext);
}

/** The id of the JSON script the server puts the current content in. */
export const SITE_CONTENT_SCRIPT = 'site-content';

/** The content a page was sent with, or the bundled one. */
export function readSiteContent(doc: Document): SiteContent {
  return readSiteScript(doc).content ?? bundledContent;
}

/** The words (English text → Bengali) the page's content was published with; none with the bundled content. */
export function readSiteWords(doc: Document): Record<string, string> | undefined {
  return readSiteScript(doc).translations;
}

function readSiteScript(doc: Document): { content?: SiteContent; translations?: Record<string, string> } {
  const text = doc.getElementById(SITE_CONTENT_SCRIPT)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as { content?: SiteContent; translations?: Record<string, string> };
  } catch {
    return {};
  }
}

/** The screen whose path pattern matches a location path (for titles and active states). */
export function screenFor(pathname: string): Screen | undefined {
  const parts = pathname.split('/');
  return screensConfig.screens.find((s) => {
    const pattern = s.path.split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}

/**
 * Whether a form screen starts from its URL alone: no record or draft to load and every prefill from the query
 * string (not the account, the profile or the browser's history state). Such a screen draws its form at the first
 * render, so the server can render it for a signed-out visitor and the browser hydrates it.
 */
export function startsFromUrl(screen: Screen): boolean {
  if (screen.kind !== 'form' || screen.load || screen.draft || screen.edit) return false;
  return prefillRefs(screen.prefill).every((ref) => ref.startsWith('query.'));
}
