/**
 * Staff membership and sign-in locks, from the command line only (never through the API):
 *   npm run staff -- add <email|phone>
 *   npm run staff -- remove <email|phone>
 *   npm run staff -- list
 *   npm run staff -- locks                            sign-in locks and counted failures now
 *   npm run staff -- unlock <email|phone|address>     lifts a lock (audited)
 *   npm run staff -- qualify <email|phone> --note "…" [--evidence <file>]
 *                                                     marks a qualified investor: no retail limits (audited); the
 *                                                     evidence (a PDF, PNG or JPEG up to 5 MB) is stored with it
 *   npm run staff -- unqualify <email|phone> --note "…" makes them retail again (audited)
 *   npm run staff -- shariah <email|phone>             gives the `shariah` role: may record Shariah reviews (audited)
 *   npm run staff -- unshariah <email|phone>           takes it back (audited)
 * Works on the configured database (DATABASE_URL, or PGlite in DATA_DIR — stop the server first: PGlite allows
 * one process per data directory). Exit 0 done, 1 nothing to do (no such account, no lock), 2 usage error.
 */
import { isIP } from 'node:net';
import { userInfo } from 'node:os';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/server/config';
import { setDefaultPhoneRegion } from '../src/shared/phone/phone.js';
import { openDatabase } from '../src/server/db/database';
import type { DB } from '../src/server/db/schema';
import { accountKey, addressKey, isEmail, listLocks, normalizeIdentifier, unlock } from '../src/server/modules/accounts/service';
import { audit } from '../src/server/audit';
import { formatDateTime } from '../src/shared/format/dates';
import { setQualified } from '../src/server/modules/identity/service';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { checkedFile, FileRejected, type DecodedFile } from '../src/server/files/data-url';

const USAGE =
  'usage: npm run staff -- add <email|phone> | remove <email|phone> | list | locks | unlock <email|phone|address>' +
  ' | qualify <email|phone> --note "why" [--evidence <file>] | unqualify <email|phone> --note "why" | shariah <email|phone> | unshariah <email|phone>';
const COMMANDS: Record<string, number> = { add: 1, remove: 1, list: 0, locks: 0, unlock: 1, qualify: 3, unqualify: 3, shariah: 1, unshariah: 1 };

function findUser(db: Kysely<DB>, key: string) {
  const query = db.selectFrom('users').select(['id', 'email', 'phone']);
  return (isEmail(key) ? query.where((eb) => eb(eb.fn('lower', ['email']), '=', key)) : query.where('phone', '=', key)).executeTakeFirst();
}

async function setStaff(db: Kysely<DB>, who: string, staff: boolean): Promise<number> {
  const key = normalizeIdentifier(who);
  const user = await findUser(db, key);
  if (!user) {
    console.error(`No account with ${isEmail(key) ? 'email' : 'phone'} ${key}. The person must sign up first.`);
    return 1;
  }
  await db.updateTable('users').set({ is_staff: staff }).where('id', '=', user.id).execute();
  console.log(staff ? `${user.email} (${user.phone}) is now staff.` : `${user.email} (${user.phone}) is no longer staff.`);
  return 0;
}

async function showLocks(db: Kysely<DB>): Promise<number> {
  const locks = await listLocks(db);
  if (locks.length === 0) console.log('No sign-in locks and no counted failures.');
  for (const l of locks) {
    const state = l.lockedUntil && l.lockedUntil > new Date() ? `locked until ${formatDateTime(l.lockedUntil)}` : 'not locked';
    console.log(`${l.key}\t${l.failures} failed attempt${l.failures === 1 ? '' : 's'}\t${state}`);
  }
  return 0;
}

/**
 * Lifts the lock of a client address, or of an account: the identifiers it can be signed in with (its email and its
 * phone) and the text as typed. Each lifted lock is written to the audit log.
 */
async function lift(db: Kysely<DB>, who: string): Promise<number> {
  const text = who.trim();
  let keys: string[];
  let subject: { type: string; id: string };
  if (isIP(text)) {
    keys = [addressKey(text)];
    subject = { type: 'signin-address', id: text };
  } else {
    const key = normalizeIdentifier(text);
    const user = await findUser(db, key);
    keys = [...new Set([accountKey(key), ...(user ? [accountKey(user.email.toLowerCase()), accountKey(user.phone)] : [])])];
    subject = user ? { type: 'user', id: user.id } : { type: 'signin-account', id: key };
  }
  const lifted = await unlock(db, keys);
  if (lifted.length === 0) {
    console.error(`No sign-in lock or counted failures for ${text}. See them all with: npm run staff -- locks`);
    return 1;
  }
  const by = userInfo().username;
  for (const l of lifted) {
    await audit(db, {
      actorId: null,
      action: 'signin.unlock',
      subjectType: subject.type,
      subjectId: subject.id,
      before: l.lockedUntil && l.lockedUntil > new Date() ? 'locked' : `${l.failures} failures`,
      after: 'unlocked',
      note: `${l.key} lifted from the command line by ${by}`,
    });
    console.log(`Lifted ${l.key} (${l.failures} failed attempt${l.failures === 1 ? '' : 's'}).`);
  }
  return 0;
}

/** Marks a person a qualified investor, or retail again, with the operator's note (audited). */
async function qualify(db: Kysely<DB>, who: string, qualified: boolean, note: string, evidencePath?: string): Promise<number> {
  let evidence: DecodedFile | null = null;
  if (evidencePath) {
    try {
      evidence = checkedFile(readFileSync(evidencePath), basename(evidencePath), 'document');
    } catch (err) {
      console.error(`The evidence ${evidencePath} cannot be used: ${err instanceof FileRejected ? err.message : (err as Error).message}.`);
      return 2;
    }
  }
  const key = normalizeIdentifier(who);
  const user = await findUser(db, key);
  if (!user) {
    console.error(`No account with ${isEmail(key) ? 'email' : 'phone'} ${key}.`);
    return 1;
  }
  const changed = await setQualified(db, { userId: user.id, qualified, note, evidence, actorId: null, by: userInfo().username });
  const state = qualified ? 'a qualified investor (no retail limits)' : 'a retail investor (retail limits apply)';
  console.log(changed ? `${user.email} (${user.phone}) is now ${state}.` : `${user.email} (${user.phone}) already was ${state}; nothing changed.`);
  return changed ? 0 : 1;
}

/** Gives or takes the `shariah` role (recording Shariah reviews of projects), written to the audit log. */
async function setShariah(db: Kysely<DB>, who: string, granted: boolean): Promise<number> {
  const key = normalizeIdentifier(who);
  const user = await findUser(db, key);
  if (!user) {
    console.error(`No account with ${isEmail(key) ? 'email' : 'phone'} ${key}. The person must sign up first.`);
    return 1;
  }
  const changed = await db.transaction().execute(async (trx) => {
    const done = await trx.updateTable('users').set({ is_shariah: granted }).where('id', '=', user.id).where('is_shariah', '=', !granted).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return false;
    await audit(trx, {
      actorId: null,
      action: granted ? 'role.shariah_grant' : 'role.shariah_revoke',
      subjectType: 'user',
      subjectId: user.id,
      before: granted ? null : 'shariah',
      after: granted ? 'shariah' : null,
      note: `From the command line by ${userInfo().username}`,
    });
    return true;
  });
  const state = granted ? 'a Shariah reviewer (may record Shariah reviews)' : 'not a Shariah reviewer';
  console.log(changed ? `${user.email} (${user.phone}) is now ${state}.` : `${user.email} (${user.phone}) already was ${state}; nothing changed.`);
  return changed ? 0 : 1;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const needsNote = command === 'qualify' || command === 'unqualify';
  // `qualify` may end with `--evidence <file>`.
  const withEvidence = command === 'qualify' && args.length === 5 && args[3] === '--evidence' && Boolean(args[4]);
  const arity = withEvidence ? 5 : COMMANDS[command ?? ''];
  if (!command || !(command in COMMANDS) || args.length !== arity || (needsNote && (args[1] !== '--note' || !args[2]?.trim()))) {
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
    switch (command) {
      case 'list': {
        const staff = await db.selectFrom('users').select(['email', 'phone']).where('is_staff', '=', true).orderBy('email').execute();
        if (staff.length === 0) console.log('No staff yet. Add one with: npm run staff -- add <email|phone>');
        for (const s of staff) console.log(`${s.email}\t${s.phone}`);
        const reviewers = await db.selectFrom('users').select(['email', 'phone']).where('is_shariah', '=', true).orderBy('email').execute();
        for (const s of reviewers) console.log(`${s.email}\t${s.phone}\tshariah`);
        return 0;
      }
      case 'locks':
        return await showLocks(db);
      case 'unlock':
        return await lift(db, args[0]!);
      case 'shariah':
      case 'unshariah':
        return await setShariah(db, args[0]!, command === 'shariah');
      case 'qualify':
      case 'unqualify':
        return await qualify(db, args[0]!, command === 'qualify', args[2]!, withEvidence ? args[4] : undefined);
      default:
        return await setStaff(db, args[0]!, command === 'add');
    }
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
