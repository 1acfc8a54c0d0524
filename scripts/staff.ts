/**
 * Staff membership, from the command line only (never through the API):
 *   npm run staff -- add <email|phone>
 *   npm run staff -- remove <email|phone>
 *   npm run staff -- list
 * Works on the configured database (DATABASE_URL, or PGlite in DATA_DIR — stop the server first: PGlite allows
 * one process per data directory). Exit 0 done, 1 no such account, 2 usage error.
 */
import { loadConfig } from '../src/server/config';
import { setDefaultPhoneRegion } from '../src/shared/phone/phone.js';
import { openDatabase } from '../src/server/db/database';
import { isEmail, normalizeIdentifier } from '../src/server/auth/identity';

const USAGE = 'usage: npm run staff -- add <email|phone> | remove <email|phone> | list';

async function main(argv: string[]): Promise<number> {
  const [command, who, ...rest] = argv;
  if (!command || rest.length > 0 || (command !== 'list' && !who) || !['add', 'remove', 'list'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  setDefaultPhoneRegion(config.defaultPhoneRegion);
  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, phoneRegion: config.defaultPhoneRegion });
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  try {
    const { db } = database;
    if (command === 'list') {
      const staff = await db.selectFrom('users').select(['email', 'phone']).where('is_staff', '=', true).orderBy('email').execute();
      if (staff.length === 0) console.log('No staff yet. Add one with: npm run staff -- add <email|phone>');
      for (const s of staff) console.log(`${s.email}\t${s.phone}`);
      return 0;
    }
    const key = normalizeIdentifier(who!);
    const query = db.updateTable('users').set({ is_staff: command === 'add' });
    const updated = await (isEmail(key) ? query.where((eb) => eb(eb.fn('lower', ['email']), '=', key)) : query.where('phone', '=', key))
      .returning(['email', 'phone'])
      .executeTakeFirst();
    if (!updated) {
      console.error(`No account with ${isEmail(key) ? 'email' : 'phone'} ${key}. The person must sign up first.`);
      return 1;
    }
    console.log(command === 'add' ? `${updated.email} (${updated.phone}) is now staff.` : `${updated.email} (${updated.phone}) is no longer staff.`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
