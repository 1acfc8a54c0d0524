/**
 * Stores the files of a submission inside the caller's transaction: each new `data:` URL is decoded, checked and
 * saved (in the database, so a backup is one thing and nothing is half-written), and replaced in the document by
 * `file:<id>`. `file:<id>` values must name files the same owner already holds. Every file is linked to the record
 * that uses it; the links decide who else may read it.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest } from '../errors';
import { pointerSegments, type FieldError } from '../../shared/validation/errors';
import { decodeDataUrl, FileRejected, type DecodedFile } from './data-url';
import { uploadFields } from './upload-paths';

export const FILE_REF = /^file:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function getAt(doc: unknown, pointer: string): unknown {
  return pointerSegments(pointer).reduce<unknown>((node, seg) => (node as Record<string, unknown> | undefined)?.[seg], doc);
}

/** Sets (or, with `undefined`, removes) the value at a pointer. */
function setAt(doc: unknown, pointer: string, value: unknown): void {
  const segs = pointerSegments(pointer);
  const last = segs.pop()!;
  const parent = segs.reduce<unknown>((node, seg) => (node as Record<string, unknown>)[seg], doc) as Record<string, unknown>;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

export interface UploadOptions {
  /**
   * Drafts: a bad file or a reference to a file the user does not hold is left out of the document instead of
   * failing the request (the form itself shows why when it is submitted).
   */
  lenient?: boolean;
}

export type DecodedUploads = { doc: unknown; files: Map<string, DecodedFile>; refs: Map<string, string>; lenient: boolean };

/**
 * Decodes every new file of `data` (a deep copy is returned; `data` is untouched) without touching the database,
 * so a bad file fails the whole request before anything is written. Throws a 400 listing each bad field.
 */
export function decodeUploads(schema: Record<string, unknown>, data: unknown, options: UploadOptions = {}): DecodedUploads {
  const doc = structuredClone(data);
  const files = new Map<string, DecodedFile>();
  const refs = new Map<string, string>();
  const errors: FieldError[] = [];
  for (const [path, kind] of uploadFields(schema, doc)) {
    const value = getAt(doc, path) as string;
    const ref = FILE_REF.exec(value);
    if (ref) {
      refs.set(path, ref[1]!);
      continue;
    }
    try {
      files.set(path, decodeDataUrl(value, kind));
    } catch (err) {
      if (!(err instanceof FileRejected)) throw err;
      if (options.lenient) setAt(doc, path, undefined);
      else errors.push({ path, message: err.message });
    }
  }
  if (errors.length > 0) throw badRequest('Some files could not be accepted.', errors);
  return { doc, files, refs, lenient: options.lenient ?? false };
}

/**
 * Saves decoded files and checks references (inside `trx`), rewrites the document to `file:<id>` values and
 * links every file to the subject. Returns the rewritten document.
 */
export async function storeUploads(
  trx: Transaction<DB>,
  ownerId: string,
  decoded: DecodedUploads,
  subject: { type: string; id: string },
): Promise<unknown> {
  const { doc, files, refs } = decoded;
  const ids: string[] = [];
  if (refs.size > 0) {
    const wanted = [...new Set(refs.values())];
    const owned = await trx.selectFrom('files').select('id').where('owner_id', '=', ownerId).where('id', 'in', wanted).execute();
    const mine = new Set(owned.map((r) => r.id));
    const missing = [...refs].filter(([, id]) => !mine.has(id));
    if (missing.length > 0 && !decoded.lenient) {
      throw badRequest('Some files could not be accepted.', missing.map(([path]) => ({ path, message: 'File not found: upload it again' })));
    }
    for (const [path] of missing) setAt(doc, path, undefined);
    ids.push(...mine);
  }
  for (const [path, file] of files) {
    const id = await insertFile(trx, ownerId, file);
    setAt(doc, path, `file:${id}`);
    ids.push(id);
  }
  await linkFiles(trx, ids, subject);
  return doc;
}

/** Saves one decoded file (inside `trx`) held by `ownerId`; returns its id. */
export async function insertFile(trx: Transaction<DB>, ownerId: string, file: DecodedFile): Promise<string> {
  const row = await trx
    .insertInto('files')
    .values({
      owner_id: ownerId,
      content_type: file.contentType,
      file_name: file.fileName,
      size_bytes: file.bytes.length,
      sha256: file.sha256,
      data: file.bytes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Links files to the record that uses them (the links decide who else may read them: files/access.ts). */
export async function linkFiles(trx: Transaction<DB>, ids: string[], subject: { type: string; id: string }): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .insertInto('file_links')
    .values(ids.map((file_id) => ({ file_id, subject_type: subject.type, subject_id: subject.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The ids of the files a stored document refers to. */
export function fileIdsIn(doc: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      const m = FILE_REF.exec(v);
      if (m) out.push(m[1]!);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(doc);
  return out;
}
