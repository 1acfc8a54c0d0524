/** The screen config and the site content, typed by their generated types. */
import screensJson from './screens.json';
import contentJson from './content.json';
import type { Screen, ScreensConfig, SiteContent } from './config-types';

export const screensConfig = screensJson as unknown as ScreensConfig;
export const content = contentJson as unknown as SiteContent;
export type { Screen, SiteContent };

/** The screen whose path pattern matches a location path (for titles and active states). */
export function screenFor(pathname: string): Screen | undefined {
  const parts = pathname.split('/');
  return screensConfig.screens.find((s) => {
    const pattern = s.path.split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}
