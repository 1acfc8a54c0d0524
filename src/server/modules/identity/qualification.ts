/**
 * Qualified investors (issue 31 §1): staff mark a person qualified (no retail limits) with a note and optionally an
 * evidence file (stored with the mark), or take it back. One place for the command line and the staff API; every change is audited.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { audit } from '../../audit';
import type { DecodedFile } from '../../files/data-url';
import { insertFile, linkFiles } from '../../files/store';
import { lockedQualified, markQualified, unmarkQualified } from './queries/people';

export interface QualificationChange {
  userId: string;
  qualified: boolean;
  note: string;
  evidenceFileId?: string | null;
  /** The evidence as a file to store with the mark (held by the person it is about; staff read every file). */
  evidence?: DecodedFile | null;
  /** The staff member (null: the command line, whose operator is named in `by`). */
  actorId: string | null;
  by?: string;
}

/** Applies the change; returns false when the person already was in that state (nothing changed, nothing audited). */
export async function setQualified(db: Kysely<DB>, change: QualificationChange): Promise<boolean> {
  const note = change.note.trim();
  return db.transaction().execute(async (trx) => {
    if ((await lockedQualified(trx, change.userId)) === change.qualified) return false;
    if (change.qualified) {
      // Stored only when the mark is made: a repeat that changes nothing leaves no file behind.
      const evidenceFileId = change.evidence ? await insertFile(trx, change.userId, change.evidence) : (change.evidenceFileId ?? null);
      if (change.evidence) await linkFiles(trx, [evidenceFileId!], { type: 'qualification', id: change.userId });
      await markQualified(trx, { userId: change.userId, note, evidenceFileId, by: change.actorId });
    } else {
      await unmarkQualified(trx, change.userId);
    }
    await audit(trx, {
      actorId: change.actorId,
      action: change.qualified ? 'investor.qualify' : 'investor.unqualify',
      subjectType: 'user',
      subjectId: change.userId,
      before: change.qualified ? 'retail' : 'qualified',
      after: change.qualified ? 'qualified' : 'retail',
      note: change.by ? `${note} (command line, ${change.by})` : note,
    });
    return true;
  });
}
