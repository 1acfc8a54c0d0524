/**
 * The Shariah review of each deal (issue 31 §5): staff, or a person with the `shariah` role, record a review of a
 * project — approved (adviser, note, the signed opinion as a file) or changes requested (a note the owner sees). The
 * project points at the review in force (the latest); a material edit by the owner sends an approved one back. With
 * SHARIAH_REVIEW_REQUIRED on, an investment project opens only with an approved review; a donation campaign has no
 * financing contract to review and opens without one (a review may still be recorded and is then shown).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { ShariahReviewView } from '../../../shared/api/views';
import { audit } from '../../audit';
import { conflict } from '../../errors';
import type { ProjectRow } from './figures';
import { shariahReviewView } from './views';
import { clearReview, reviewDecision, reviewRows, reviewsByIds } from './queries/shariah';

type Db = Kysely<DB> | Transaction<DB>;

/** The file link type of a review's opinion (files/access.ts). */
export const OPINION_SUBJECT = 'shariah-opinion';

/** A donation campaign states no financing contract, so it needs no Shariah review to open. */
export function needsReview(row: Pick<ProjectRow, 'data'>): boolean {
  return (row.data as Record<string, unknown>).investType !== 'Donation';
}

/**
 * The material fields that differ between the stored answers and the new ones (numbers compared as numbers). The
 * material fields are those the project form's schema marks `"x-material": true` (src/shared/forms/material.ts),
 * the contract and what it finances, and the money terms (goal, markup, tenor, repayment shape, initial instalment,
 * funding model), as schemas/project-owner.schema.json ships them.
 */
function materialChanges(fields: readonly string[], before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const same = (a: unknown, b: unknown) => (typeof a === 'number' || typeof b === 'number' ? Number(a ?? NaN) === Number(b ?? NaN) : (a ?? null) === (b ?? null));
  return fields.filter((f) => !same(before[f], after[f]));
}

/**
 * The reviews in force of the rows, by project id: everyone sees an approved one; the owner and staff (`full`) also
 * see a request for changes with its note. One query, asked only when a row has a review.
 */
export async function reviewsInForce(db: Db, rows: ProjectRow[], full: (row: ProjectRow) => boolean): Promise<Map<string, ShariahReviewView>> {
  const ids = rows.map((r) => r.shariah_review_id).filter((id): id is string => id !== null);
  const out = new Map<string, ShariahReviewView>();
  if (ids.length === 0) return out;
  const byId = new Map((await reviewsByIds(db, ids)).map((r) => [r.id, r]));
  for (const row of rows) {
    const r = row.shariah_review_id ? byId.get(row.shariah_review_id) : undefined;
    if (r && (r.decision === 'approved' || full(row))) out.set(row.id, shariahReviewView(r, full(row)));
  }
  return out;
}

/** Every review recorded for a project, newest first (staff and reviewers). */
export async function reviewHistory(db: Db, projectId: string) {
  return (await reviewRows(db, projectId)).map((r) => ({ id: r.id, ...shariahReviewView(r, true), reviewer: r.reviewer ?? null }));
}

/** Refuses (409) to open an investment project without an approved review in force, when the setting asks for one. */
export async function requireApprovedReview(trx: Transaction<DB>, row: ProjectRow, required: boolean): Promise<void> {
  if (!required || !needsReview(row)) return;
  const review = row.shariah_review_id ? await reviewDecision(trx, row.shariah_review_id) : undefined;
  if (review?.decision === 'approved') return;
  throw conflict(
    review
      ? 'This project cannot open: its Shariah review asks for changes. Record an approved Shariah review first.'
      : 'This project cannot open without an approved Shariah review. Record the review (adviser, note and signed opinion) first.',
  );
}

/**
 * After an owner's edit (inside its transaction): when a material answer (`fields`: materialFields of the project
 * form's schema in force and of its schema file) changed and the review in force was an approval, the project no longer has one (audited);
 * returns the fields that changed in that case.
 */
export async function sendBackOnMaterialEdit(trx: Transaction<DB>, fields: readonly string[], before: ProjectRow, after: Record<string, unknown>, actorId: string): Promise<string[]> {
  if (!before.shariah_review_id) return [];
  const changed = materialChanges(fields, before.data as Record<string, unknown>, after);
  if (changed.length === 0) return [];
  const review = await reviewDecision(trx, before.shariah_review_id);
  if (review?.decision !== 'approved') return [];
  await clearReview(trx, before.id);
  await audit(trx, {
    actorId,
    action: 'project.shariah_review_reset',
    subjectType: 'project',
    subjectId: before.id,
    before: 'shariah_approved',
    after: 'shariah_review_needed',
    note: `The owner changed ${changed.join(', ')} after the Shariah approval; the project needs a new review.`,
  });
  return changed;
}
