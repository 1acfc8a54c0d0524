/** Opaque keyset-pagination cursors: the sort key and id of the last row of a page. */
import { badRequest } from '../errors';

export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

/** Decodes a cursor from a previous page; a tampered or foreign cursor is a 400. */
export function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^[0-9a-f-]{36}$/.test(value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // fall through
  }
  throw badRequest('This page link is not valid any more: start again from the first page.');
}
