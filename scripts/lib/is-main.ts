import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when the module with this `import.meta.url` is the script node was asked to run. */
export function isMain(metaUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(metaUrl) === resolve(process.argv[1]);
}
