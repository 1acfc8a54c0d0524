/**
 * What the studio's two kinds of versioned documents share (forms, this module; the site content, routes/content.ts
 * and content/site-content.ts), issue 31 §6, migration 029: whether a publish waits for another staff member's
 * approval, the live version, the number a new version takes (superseding a proposal still waiting) and the audit
 * entry of a publish; the authors' e-mails, who else has a draft, the refusal of a draft started from an older
 * version, the ETag check, and telling a lost race on a version number from other database errors.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, VersionStatus } from '../../db/schema';
import { audit } from '../../audit';
import { conflict, type AppError } from '../../errors';
import { formatDateTime } from '../../../shared/format/dates';
import { newestAndLive, staffCount, supersedeWaiting, userEmails, type StudioDocument } from './queries/studio';

export { liveVersion, type StudioDocument } from './queries/studio';

/** Whether a publish now waits for another staff member's approval (`auto`: while there are two or more staff). */
export async function approvalRequired(app: FastifyInstance): Promise<boolean> {
  const mode = app.config.studioRequireApproval;
  if (mode !== 'auto') return mode === 'on';
  return (await staffCount(app.db)) >= 2;
}

/** Thrown inside a publish's transaction when another version went live after its draft was started. */
export class StaleBase extends Error {}

/**
 * Inside a publish's transaction: the number the new version takes (after every version written, proposals
 * included), with any proposal still waiting marked superseded by it (audited). Throws StaleBase when the live
 * version is no longer `base`: both are read by one statement, so a publish that commits meanwhile either is seen
 * or takes the same number (the primary key then refuses one of them).
 */
export async function nextVersion(trx: Kysely<DB>, d: StudioDocument, actorId: string, base: number): Promise<number> {
  const { newest, live } = await newestAndLive(trx, d);
  if (live !== base) throw new StaleBase();
  const version = newest + 1;
  for (const g of await supersedeWaiting(trx, d, actorId)) {
    await audit(trx, { actorId, action: `${d.subjectType}.supersede`, subjectType: d.subjectType, subjectId: d.subjectId, before: `version ${g} waiting for approval`, after: `superseded by version ${version}` });
  }
  return version;
}

/** The audit entry of a publish: one that goes live at once, or one that waits for approval. */
export async function auditPublish(trx: Kysely<DB>, d: StudioDocument, actorId: string, base: number, version: number, status: VersionStatus, note: string): Promise<void> {
  const waiting = status === 'pending_approval';
  await audit(trx, {
    actorId,
    action: `${d.subjectType}.${waiting ? 'propose' : 'publish'}`,
    subjectType: d.subjectType,
    subjectId: d.subjectId,
    before: `version ${base}`,
    after: waiting ? `version ${version} waiting for approval` : `version ${version}`,
    note: note || null,
  });
}

/** The e-mail of each user id given (nulls and repeats ignored). */
export async function emailsOf(db: Kysely<DB>, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (wanted.length === 0) return new Map();
  const rows = await userEmails(db, wanted);
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
