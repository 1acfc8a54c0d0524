import { readFileSync } from 'node:fs';

/** The file's text, or '' when it does not exist yet (generated files compared before their first write). */
export function readTextIfExists(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}
