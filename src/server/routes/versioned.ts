/**
 * What the studio's two kinds of versioned documents (forms, routes/forms.ts; the site content, modules/content)
 * share: the authors' e-mails, who else has a draft, the refusal of a draft started from an older version, the ETag
 * check, and telling a lost race on a version number from other database errors.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { conflict, type AppError } from '../errors';
import { formatDateTime } from '../../shared/format/dates';
import { arrayOf, errorSchema, integer, object, dateTime, string } from './schemas';

/** Another staff member's draft (draftsOf's `others`). */
export const otherDraftSchema = object({ author: string, updatedAt: dateTime, baseVersion: integer });
export const otherDraftsSchema = arrayOf(otherDraftSchema);

/** The 404 of a draft the caller does not have: the error, and who else has one. */
export const noDraftSchema = object({ ...errorSchema.properties, others: otherDraftsSchema }, ['errors', 'errorsNotShown', 'requestId']);

/** A publish's answers: 201 live at once, 202 waiting for another staff member's approval. */
export const publishedSchemas = {
  201: object({ version: integer }),
  202: object({ version: integer, status: { type: 'string', enum: ['pending_approval'] } }),
} as const;

/** The e-mail of each user id given (nulls and repeats ignored). */
export async function emailsOf(db: Kysely<DB>, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

interface DraftRow {
  author_id: string;
  base_version: number;
  updated_at: Date;
}

/** The caller's draft among a document's drafts, and the others' (author, when, from which version). */
export async function draftsOf<R extends DraftRow>(db: Kysely<DB>, rows: R[], me: string) {
  const names = await emailsOf(db, rows.map((r) => r.author_id));
  return {
    mine: rows.find((r) => r.author_id === me),
    others: rows.filter((r) => r.author_id !== me).map((r) => ({ author: names.get(r.author_id) ?? '', updatedAt: r.updated_at.toISOString(), baseVersion: r.base_version })),
  };
}

/**
 * The 409 for a draft started from `baseVersion` when `latest` was published since: who, when, and what to do.
 * `unnamed` names an author-less version (one written from the files at start).
 */
export async function staleDraft(
  db: Kysely<DB>,
  latest: { version: number; authorId: string | null; publishedAt: Date },
  baseVersion: number,
  unnamed: string,
): Promise<AppError> {
  const by = latest.authorId ? ((await emailsOf(db, [latest.authorId])).get(latest.authorId) ?? 'someone') : unnamed;
  return conflict(
    `Version ${latest.version} was published by ${by} on ${formatDateTime(latest.publishedAt)} after your draft was started from version ${baseVersion}. ` +
      `Open version ${latest.version}, apply your changes to it and publish again.`,
  );
}

/** True when the request's If-None-Match holds `etag` (or `*`): the answer is a 304. */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const inm = request.headers['if-none-match'];
  return typeof inm === 'string' && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

/** True for a unique-key violation: another publish took the same version number first. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}
