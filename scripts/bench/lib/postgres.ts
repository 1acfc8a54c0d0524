/** Throwaway PostgreSQL databases for benchmarks: one made for a run on the machine's server, dropped after it. */
import pg from 'pg';

/** The machine's own PostgreSQL (STACK-NOTES: trust authentication, user postgres), where benchmarks make databases. */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FreshDatabase {
  name: string;
  url: string;
  /** Drops the database (connections still open are ended). */
  drop(): Promise<void>;
}

/** Creates an empty database named `<prefix>_<pid>_<time>` on the server of `adminUrl`. */
export async function createDatabase(prefix: string, adminUrl = DEFAULT_ADMIN_URL): Promise<FreshDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
