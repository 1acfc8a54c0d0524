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

/** Reads and parses a JSON file, naming the file when it is not valid JSON. */
export function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
  }
}
