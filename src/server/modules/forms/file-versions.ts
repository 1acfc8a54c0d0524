/**
 * The forms' files as versions: version 1 of every form is written from its files (schemas/, ui-schemas/ and
 * schemas/i18n/) when missing, and files edited since the server last read them (by hand, or `npm run forms:export`
 * of another database) are published as the next version, unless they equal the live one. Run at start (and again
 * by a timer while the database does not answer, seeding.ts), never by a read.
 */
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { audit } from '../../audit';
import type { DB } from '../../db/schema';
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { FormTranslations } from '../../../shared/i18n/form-words';
import { fileDigests, insertFileVersion, liveVersionRow, lockedFileDigest, newestVersionNumber, saveFileDigest } from './queries/versions';

/** The forms' files: each form's schema, ui-schema and words in other languages. */
export interface FormFiles {
  schemas: Record<string, JsonSchema>;
  uiSchemas: Record<string, JsonSchema>;
  translations?: Record<string, FormTranslations>;
}

/** Writes the versions the files call for (each form in its own transaction). */
export async function seedFromFiles(db: Kysely<DB>, files: FormFiles, ids: string[]): Promise<void> {
  // Most starts change nothing: one query finds the forms whose files changed since the server last read them.
  const seenDigests = await fileDigests(db);
  for (const id of ids) {
    const schema = files.schemas[id]!;
    const uiSchema = files.uiSchemas[id] ?? {};
    const translations = files.translations?.[id] ?? {};
    // (A form without translations keeps the digest it had before they existed: no new version for it.)
    const digest = createHash('sha256').update(JSON.stringify(Object.keys(translations).length > 0 ? [schema, uiSchema, translations] : [schema, uiSchema])).digest('hex');
    if (seenDigests.get(id) === digest) continue;
    await db.transaction().execute(async (trx) => {
      const seen = await lockedFileDigest(trx, id);
      if (seen === digest) return;
      // The live version is compared with the files; a new one is numbered after every version, proposals included.
      const current = await liveVersionRow(trx, id);
      const newest = await newestVersionNumber(trx, id);
      const same = current && isDeepStrictEqual(current.schema, schema) && isDeepStrictEqual(current.ui_schema, uiSchema) && isDeepStrictEqual(current.translations ?? {}, translations);
      if (!same && !(current && seen === undefined && current.version > 1)) {
        const version = newest + 1;
        const note = version === 1 ? `From schemas/${id}.schema.json and ui-schemas/${id}.ui.json` : `From the files schemas/${id}.schema.json and ui-schemas/${id}.ui.json, edited since`;
        await insertFileVersion(trx, { formId: id, version, schema: JSON.stringify(schema), uiSchema: JSON.stringify(uiSchema), translations: JSON.stringify(translations), note });
        if (version > 1) {
          await audit(trx, { actorId: null, action: 'form.publish', subjectType: 'form', subjectId: id, before: `version ${current?.version ?? version - 1}`, after: `version ${version}`, note });
        }
      }
      await saveFileDigest(trx, id, digest);
    });
  }
}
