/**
 * `npm run migrate`: applies pending SQL migrations to the configured database (DATABASE_URL, or PGlite in
 * DATA_DIR) and exits. The server also migrates at start; this is for deployments that migrate first.
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, phoneRegion: config.defaultPhoneRegion });
console.log(
  database.applied.length
    ? `applied ${database.applied.join(', ')} to ${database.kind} ${database.where}`
    : `${database.kind} ${database.where} is up to date`,
);
await database.close();
