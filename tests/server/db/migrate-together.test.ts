/**
 * Servers started together on an empty PostgreSQL database (`npm start` in several processes at once, as the
 * README allows): every one of them migrates or waits for the one that does, and each migration is applied once.
 * Runs only when TEST_DATABASE_URL is set (PGlite is one process by design).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import { migrationFiles } from '../../../src/server/db/migrate';
import { freshPostgres } from '../helpers';

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrating one empty PostgreSQL from several processes at once', () => {
  let pg: Awaited<ReturnType<typeof freshPostgres>>;
  beforeAll(async () => {
    pg = await freshPostgres();
  });
  afterAll(async () => {
    await pg?.drop();
  });

  it('opens every one, and applies each migration once', async () => {
    const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ dataDir: '', databaseUrl: pg.url })));
    const databases = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    try {
      expect(opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
      expect(databases.flatMap((d) => d.applied).sort()).toEqual(migrationFiles());
      const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(databases[0]!.db);
      expect(rows.map((r) => r.name)).toEqual(migrationFiles());
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});
