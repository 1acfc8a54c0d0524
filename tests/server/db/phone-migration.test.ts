/**
 * 004_phone_e164 on a database from before it (the step's row removed, numbers stored the old ways): numbers
 * become E.164; where two accounts would share one number it stops, names them and changes nothing. On PGlite and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { DB_KINDS, freshDataDir, freshPostgres, type DbKind } from '../helpers';

const STEP = '004_phone_e164.ts';

/** A migrated database of the kind, reopenable (PGlite holds a lock while open). */
async function freshTarget(kind: DbKind) {
  if (kind === 'pglite') {
    const dataDir = await freshDataDir();
    return {
      open: (migrate = true) => openDatabase({ dataDir, migrate }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const pg = await freshPostgres();
  return { open: (migrate = true) => openDatabase({ dataDir: '', databaseUrl: pg.url, migrate }), drop: pg.drop };
}

/** Puts accounts in as an older version stored them, and forgets that the step ran. */
async function seedOldAccounts(database: Database, accounts: { email: string; phone: string }[]) {
  await sql`DELETE FROM schema_migrations WHERE name = ${STEP}`.execute(database.db);
  await database.db
    .insertInto('users')
    .values(accounts.map((a) => ({ ...a, password_hash: 'x' })))
    .execute();
}

async function phones(database: Database) {
  const rows = await database.db.selectFrom('users').select(['email', 'phone']).orderBy('email').execute();
  return Object.fromEntries(rows.map((r) => [r.email, r.phone]));
}

describe.each(DB_KINDS)('phone numbers migration on %s', (kind) => {
  it('puts every stored number in E.164 and leaves what is not a mobile number alone', async () => {
    const target = await freshTarget(kind);
    try {
      const first = await target.open();
      await seedOldAccounts(first, [
        { email: 'a@example.com', phone: '01812345678' },
        { email: 'b@example.com', phone: '8801912345678' },
        { email: 'c@example.com', phone: '+8801712345678' },
        { email: 'd@example.com', phone: '1234567' },
      ]);
      await first.close();
      const second = await target.open();
      try {
        expect(second.applied).toEqual([STEP]);
        expect(await phones(second)).toEqual({
          'a@example.com': '+8801812345678',
          'b@example.com': '+8801912345678',
          'c@example.com': '+8801712345678',
          'd@example.com': '1234567',
        });
      } finally {
        await second.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('stops with a report naming the accounts that would share a number, and changes nothing', async () => {
    const target = await freshTarget(kind);
    try {
      const first = await target.open();
      const old = [
        { email: 'first@example.com', phone: '01812345678' },
        { email: 'second@example.com', phone: '+8801812345678' },
        { email: 'other@example.com', phone: '01912345678' },
      ];
      await seedOldAccounts(first, old);
      await first.close();

      const failed = target.open();
      await expect(failed).rejects.toThrow(/would share one phone number/);
      const message = await failed.catch((err: Error) => err.message);
      expect(message).toContain('+8801812345678: first@example.com (stored as 01812345678), second@example.com (stored as +8801812345678)');
      expect(message).toContain('Nothing was changed');
      expect(message).not.toContain('other@example.com');

      const check = await target.open(false);
      try {
        expect(await phones(check)).toEqual(Object.fromEntries(old.map((a) => [a.email, a.phone])));
        const ran = await sql`SELECT name FROM schema_migrations WHERE name = ${STEP}`.execute(check.db);
        expect(ran.rows).toEqual([]);
      } finally {
        await check.close();
      }
    } finally {
      await target.drop();
    }
  });
});
