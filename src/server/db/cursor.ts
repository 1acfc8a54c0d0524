/** Opaque keyset-pagination cursors: the sort, and the sort key and id of the last row of a page. */
import { sql, type SelectQueryBuilder } from 'kysely';
import { badRequest } from '../errors';

export type CursorSort = 'newest' | 'most_funded' | 'due';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY: Record<CursorSort, RegExp> = {
  // created_at as PostgreSQL prints it (microseconds kept, so rows of one millisecond are not skipped).
  newest: /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)$/,
  most_funded: /^\d{1,12}(\.\d{1,2})?$/,
  // An instalment's due date and agreement (a schedule is read by date, each date's agreements in one order).
  due: /^\d{4}-\d\d-\d\d~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};

export function encodeCursor(sort: CursorSort, key: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');
}

/**
 * One keyset page from the `limit + 1` rows read in the page's order: the rows to show, and the cursor of the next
 * page (from the last row shown; null when that extra row was not there, so this is the last page).
 */
export function keysetPage<R extends { id: string }>(rows: R[], limit: number, sort: CursorSort, keyOf: (row: R) => string): { shown: R[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { shown, nextCursor: rows.length > limit && last ? encodeCursor(sort, keyOf(last), last.id) : null };
}

/** Decodes a cursor from a previous page of the same sort; anything else is a 400, never a 500. */
export function decodeCursor(cursor: string, sort: CursorSort): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 3 && value[0] === sort && typeof value[1] === 'string' && typeof value[2] === 'string') {
      if (KEY[sort].test(value[1]) && UUID.test(value[2])) return [value[1], value[2]];
    }
  } catch {
    // fall through
  }
  throw badRequest('This page link is not valid any more: start again from the first page.');
}

/** The query string of a person's own list read a page at a time (`limit` rows after `cursor`). */
export const OWN_PAGE_QUERY = {
  type: 'object',
  properties: {
    cursor: { type: 'string', maxLength: 300 },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
  },
  additionalProperties: false,
} as const;

/**
 * One page, newest first, of a list read on an index ending in (created_at DESC, id DESC): the rows of `query` after
 * `cursor` (a cursor of the previous page, else from the top), and the next page's cursor. `alias` is the table whose
 * created_at and id order the list; each row must carry `created_key`, that created_at as PostgreSQL prints it.
 */
export async function newestPage<DB, TB extends keyof DB, O extends { id: string; created_key: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  alias: string,
  cursor: string | undefined,
  limit: number,
): Promise<{ shown: O[]; nextCursor: string | null }> {
  const at = sql.ref(`${alias}.created_at`);
  const id = sql.ref(`${alias}.id`);
  const after = cursor ? decodeCursor(cursor, 'newest') : null;
  const paged = after ? query.where(sql<boolean>`(${at}, ${id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`) : query;
  const rows = await paged.orderBy(sql`${at} desc`).orderBy(sql`${id} desc`).limit(limit + 1).execute();
  return keysetPage(rows, limit, 'newest', (row) => row.created_key);
}
