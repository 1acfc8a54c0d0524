/**
 * The site's page addresses, read from the screen config (src/client/config/screens.json, the router's own table):
 * tells an address a screen shows from one no screen has, which is answered 404. Matched as the router matches
 * (react-router's matchPath): case-insensitive, trailing slashes ignored, `:name` one non-empty segment, each
 * segment decoded first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../shared/forms/load-schemas';

export const SCREENS_FILE = join(repoRoot(), 'src/client/config/screens.json');

const escape = (text: string) => text.replace(/[\\.*+^${}|()[\]?]/g, '\\$&');

/** A screen path (`/blogs/:slug`) as the router's regular expression. */
export function screenPattern(path: string): RegExp {
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
    .join('/');
  return new RegExp(`^${source}/*$`, 'i');
}

/** The path as the router reads it: each segment decoded (a segment that does not decode is kept as it is). */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** A test for "some screen shows this path", from the screen config's paths. */
export function screenMatcher(paths: readonly string[]): (pathname: string) => boolean {
  const patterns = paths.map(screenPattern);
  return (pathname) => {
    const decoded = decodePath(pathname);
    return patterns.some((p) => p.test(decoded));
  };
}

/** The paths of the screen config's screens. */
export function readScreenPaths(file = SCREENS_FILE): string[] {
  const config = JSON.parse(readFileSync(file, 'utf8')) as { screens: { path: string }[] };
  return config.screens.map((s) => s.path);
}
