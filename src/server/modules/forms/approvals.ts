/**
 * Four eyes on what staff publish (issue 31 §6, migration 029). When approval is required (STUDIO_REQUIRE_APPROVAL:
 * `on`, or `auto` with two or more staff), a version published in the studio, a restore included, is written as
 * `pending_approval` and the live version stays current until another staff member approves it; they may instead
 * return it with a note. The author can do neither. Approving a proposal made from a version that is no longer the
 * live one, or one a newer proposal superseded, is refused (409). Every step is audited. Shared by the forms'
 * versions and the site content's (routes/content.ts), whose routes are made by routes/decisions.ts.
 */
import type { Kysely } from 'kysely';
import type { DB, VersionStatus } from '../../db/schema';
import { audit } from '../../audit';
import { conflict, forbidden, notFound } from '../../errors';
import { formatDateTime } from '../../../shared/format/dates';
import { liveVersion, lockedVersion, recordDecision, type DecisionRow, type StudioDocument } from './queries/studio';

/** Why a version that no longer waits cannot be decided. */
function notWaiting(d: StudioDocument, r: DecisionRow): string {
  const when = r.decided_at ? ` on ${formatDateTime(r.decided_at)}` : '';
  if (r.status === 'live') return `Version ${r.version} of ${d.name} is live already: there is nothing to decide.`;
  if (r.status === 'returned') return `Version ${r.version} of ${d.name} was returned to its author${when}; it can no longer be approved.`;
  return `Version ${r.version} of ${d.name} was superseded by a newer proposal${when}: look at the version waiting now instead.`;
}

/** Approves (goes live) or returns a waiting version, audited in one transaction; the caller must not be its author. */
export async function decideVersion(db: Kysely<DB>, d: StudioDocument, v: number, actorId: string, approve: boolean, note: string): Promise<DecisionRow> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedVersion(trx, d, v);
    if (!row) throw notFound(`Version ${v} of ${d.name}`);
    if (row.status !== 'pending_approval') throw conflict(notWaiting(d, row));
    if (row.author_id === actorId) {
      throw forbidden(`You published version ${v} yourself: another staff member must ${approve ? 'approve' : 'return'} it (four eyes). To change it, publish a new version.`);
    }
    const live = await liveVersion(trx, d);
    if (approve && row.base_version !== live) {
      throw conflict(`Version ${v} was made from version ${row.base_version ?? '?'}, but version ${live} has gone live since: approving it would undo that change. Return it so its author can redo it on version ${live}.`);
    }
    const status: VersionStatus = approve ? 'live' : 'returned';
    await recordDecision(trx, d, v, { status, by: actorId, note: note || null });
    await audit(trx, {
      actorId,
      action: `${d.subjectType}.${approve ? 'approve' : 'return'}`,
      subjectType: d.subjectType,
      subjectId: d.subjectId,
      before: approve ? `version ${live}` : `version ${v} waiting for approval`,
      after: approve ? `version ${v}` : `version ${v} returned`,
      note: note || null,
    });
    return { ...row, status };
  });
}
