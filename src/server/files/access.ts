/**
 * Who may read a stored file: its owner, staff, and whoever the record using it is shared with. Each kind of record
 * that can hold files registers a rule here; a file is readable when any record linking it allows the reader.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface Reader {
  id: string;
  isStaff: boolean;
}

/** Decides, for one record a file is linked to, whether a reader (null: not signed in) may read the file. */
export type SubjectRule = (db: Kysely<DB>, reader: Reader | null, subjectId: string) => Promise<boolean>;

const rules = new Map<string, SubjectRule>();

/** Registers the sharing rule of a record type (e.g. a public project's images are readable by anyone). */
export function registerFileRule(subjectType: string, rule: SubjectRule): void {
  rules.set(subjectType, rule);
}

/** Whether `reader` may read file `fileId`. Unknown ids and ids that are not shared look the same: false. */
export async function canReadFile(db: Kysely<DB>, reader: Reader | null, fileId: string): Promise<boolean> {
  const file = await db.selectFrom('files').select('owner_id').where('id', '=', fileId).executeTakeFirst();
  if (!file) return false;
  if (reader && (reader.id === file.owner_id || reader.isStaff)) return true;
  const links = await db.selectFrom('file_links').select(['subject_type', 'subject_id']).where('file_id', '=', fileId).execute();
  for (const link of links) {
    const rule = rules.get(link.subject_type);
    if (rule && (await rule(db, reader, link.subject_id))) return true;
  }
  return false;
}
