/** Opaque keyset-pagination cursors: the sort, and the sort key and id of the last row of a page. */
import { badRequest } from '../errors';

export type CursorSort = 'newest' | 'most_funded';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY: Record<CursorSort, RegExp> = {
  // created_at as PostgreSQL prints it (microseconds kept, so rows of one millisecond are not skipped).
  newest: /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)$/,
  most_funded: /^\d{1,12}(\.\d{1,2})?$/,
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
