/** Once per test run: the migrated PGlite template the server tests copy. */
import { ensurePgliteTemplate } from './server/helpers';

export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}
