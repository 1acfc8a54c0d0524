/**
 * Applies the SQL files of ./migrations in name order, each once, each in its own transaction. On PostgreSQL an
 * advisory lock keeps two starting servers from migrating at the same time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../shared/forms/load-schemas';

export interface ScriptRunner {
  /** Runs a multi-statement SQL script on one connection. */
  exec(sql: string): Promise<void>;
  /** Runs one statement and returns its rows. */
  query(sql: string): Promise<Record<string, unknown>[]>;
}

// From the repository root, not this module: the server also runs as a bundle in dist/server.
const DIR = join(repoRoot(), 'src/server/db/migrations');
const LOCK_KEY = 726_354_127;

/** The migration files, in order. */
export function migrationFiles(): string[] {
  return readdirSync(DIR)
    .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
    .sort();
}

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(runner: ScriptRunner): Promise<string[]> {
  await runner.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await runner.exec(`SELECT pg_advisory_lock(${LOCK_KEY})`);
  try {
    const done = new Set((await runner.query('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(DIR, file), 'utf8');
      await runner.exec(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES (${quote(file)});\nCOMMIT;`);
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
