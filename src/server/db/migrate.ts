/**
 * Applies the migrations of ./migrations in name order, each once, each in its own transaction. A migration is a
 * SQL file, or a TypeScript step (`NNN_name.ts` exporting `up`) for a change SQL cannot make (phone numbers need
 * libphonenumber). On PostgreSQL an advisory lock keeps two starting servers from migrating at the same time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../shared/forms/load-schemas';
import { up as phoneE164 } from './migrations/004_phone_e164';
import { up as formPhonesE164 } from './migrations/014_form_phones_e164';
import { up as portfolio } from './migrations/023_portfolio';

export interface ScriptRunner {
  /** Runs a multi-statement SQL script on one connection. */
  exec(sql: string): Promise<void>;
  /** Runs one statement and returns its rows. */
  query(sql: string): Promise<Record<string, unknown>[]>;
}

/** What a TypeScript step may need besides the database. */
export interface MigrationContext {
  /** DEFAULT_PHONE_REGION. */
  phoneRegion: string;
}

/** A TypeScript migration step: runs inside the migration's transaction; throwing undoes it. */
export type MigrationStep = (runner: ScriptRunner, context: MigrationContext) => Promise<void>;

// From the repository root, not this module: the server also runs as a bundle in dist/server.
const DIR = join(repoRoot(), 'src/server/db/migrations');

/**
 * The TypeScript steps by file name, imported here (not loaded at run time) so the bundled server, which runs on
 * plain Node, carries them. A `.ts` file in the directory without an entry here stops the migration.
 */
const STEPS: Record<string, MigrationStep> = { '004_phone_e164.ts': phoneE164, '014_form_phones_e164.ts': formPhonesE164, '023_portfolio.ts': portfolio };
const LOCK_KEY = 726_354_127;

/** The migration files, in order. */
export function migrationFiles(): string[] {
  return readdirSync(DIR)
    .filter((f) => /^\d+_[\w-]+\.(sql|ts)$/.test(f))
    .sort();
}

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(runner: ScriptRunner, context: MigrationContext = { phoneRegion: 'BD' }): Promise<string[]> {
  // The lock first: two servers starting together on an empty database would both create the bookkeeping table,
  // and IF NOT EXISTS does not stop that race (the second fails on PostgreSQL's catalogue's unique index).
  await runner.exec(`SELECT pg_advisory_lock(${LOCK_KEY})`);
  try {
    await runner.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await runner.query('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      if (file.endsWith('.ts')) {
        const step = STEPS[file];
        if (!step) throw new Error(`migration ${file} is not registered in src/server/db/migrate.ts (STEPS)`);
        await runner.exec('BEGIN');
        await step(runner, context);
        await runner.exec(`INSERT INTO schema_migrations (name) VALUES (${quote(file)}); COMMIT;`);
      } else {
        const sql = readFileSync(join(DIR, file), 'utf8');
        await runner.exec(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES (${quote(file)});\nCOMMIT;`);
      }
      applied.push(file);
    }
    return applied;
  } catch (err) {
    await runner.exec('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await runner.exec(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
  }
}
