/**
 * Publishing a draft in the studio as a form's next version: refused when another version was published after the
 * draft was started (409), when the lint or the code-read fields refuse it (422) or a text has no translation (400);
 * live at once, or waiting for another staff member's approval (four eyes, approvals.ts). The version, the end of
 * the author's draft and the audit entry are written in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, type AppError } from '../../errors';
import { countOf } from '../../../shared/format/count';
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { FormTranslations } from '../../../shared/i18n/form-words';
import { approvalRequired, auditPublish, isUniqueViolation, liveVersion, nextVersion, StaleBase, staleDraft, type StudioDocument } from './studio';
import { checkDraft, versionWords } from './checks';
import { deleteFormDraft } from './queries/drafts';
import { insertVersion } from './queries/versions';
import { rowToVersion } from './views';

/** A form's versions as the four-eyes step sees them. */
export const formDocument = (formId: string): StudioDocument => ({ table: 'form_versions', formId, subjectType: 'form', subjectId: formId, name: 'this form' });

export interface PublishBody {
  baseVersion: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** The version's words in other languages; left out, the base version's travel on (issue 29 §2). */
  translations?: FormTranslations;
  note: string;
}

/** What a publish the checks refuse answers (422): the error with its field list, and the lint and field problems. */
type Refused = { refused: { message: string; errors: { path: string; message: string }[]; lint: unknown[]; protected: unknown[] } };

/** Publishes a draft (the form is known); answers the new version and whether it waits, or why the checks refuse it. */
export async function publishDraft(app: FastifyInstance, formId: string, authorId: string, body: PublishBody): Promise<Refused | { version: number; status: 'live' | 'pending_approval' }> {
  const forms = app.forms;
  const { baseVersion, schema, uiSchema } = body;
  const note = body.note.trim();
  // Named from the database (what this process last read may be a second old).
  const stale = async (): Promise<AppError> => staleDraft(app.db, (await forms.version(formId, await liveVersion(app.db, formDocument(formId))))!, baseVersion, 'the files');
  const current = await forms.currentVersion(formId);
  if (current !== baseVersion) throw await stale();
  const checks = await checkDraft(formId, schema, uiSchema, forms.fileSchema(formId));
  if (checks.lint.length > 0 || checks.protected.length > 0) {
    const count = checks.lint.length + checks.protected.length;
    return {
      refused: {
        message: `This draft cannot be published: ${countOf(count, 'problem')} to fix first.`,
        // The API's usual field list too, so any client shows what to fix, not only how many.
        errors: [
          ...checks.lint.map((l) => ({ path: `${l.in === 'uiSchema' ? 'ui-schema' : 'schema'}${l.path}`, message: l.message })),
          ...checks.protected.map((p) => ({ path: `schema/properties/${p.field}`, message: p.problem })),
        ],
        lint: checks.lint,
        protected: checks.protected,
      },
    };
  }
  // Every text in every language: the words sent, else the base version's (refused while any is missing).
  const { words: translations, missing } = versionWords(schema, uiSchema, body.translations ?? (await forms.version(formId, baseVersion))?.translations ?? {});
  if (missing.length > 0) {
    throw badRequest(`This draft cannot be published: ${countOf(missing.length, 'text')} ${missing.length === 1 ? 'has' : 'have'} no translation yet (${missing.map((m) => m.message).slice(0, 3).join(' ')}${missing.length > 3 ? ' …' : ''}).`, missing);
  }
  const status = (await approvalRequired(app)) ? 'pending_approval' : 'live';
  let published;
  try {
    published = await app.db.transaction().execute(async (trx) => {
      const version = await nextVersion(trx, formDocument(formId), authorId, baseVersion);
      const row = await insertVersion(trx, { formId, version, schema: JSON.stringify(schema), uiSchema: JSON.stringify(uiSchema), translations: JSON.stringify(translations), note, authorId, status, baseVersion });
      await deleteFormDraft(trx, formId, authorId);
      await auditPublish(trx, formDocument(formId), authorId, baseVersion, version, status, note);
      return row;
    });
  } catch (err) {
    // Another publish won the race: the primary key refused this one, or it saw the other live.
    if (isUniqueViolation(err) || err instanceof StaleBase) throw await stale();
    throw err;
  }
  if (status === 'live') forms.published(rowToVersion(published));
  return { version: published.version, status };
}
