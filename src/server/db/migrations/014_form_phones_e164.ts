/**
 * Puts the phone answers inside stored form documents (profiles, projects, offers) in E.164, read in
 * DEFAULT_PHONE_REGION, as 004 did for the accounts' numbers and as the server has stored new answers since
 * (`withE164Phones`). A phone answer is a top-level field with `format: "phone"` in the schema of the version the
 * document was submitted with (a field product staff added in the studio included); a version the database does not
 * hold yet is the form's file, as at start.
 *
 * An answer that is not a valid mobile number is left as typed and reported (one line each, on stderr when the
 * database is migrated): it is the owner's own text, shown as typed, and only they can say what they meant. Nothing
 * here can collide: unlike an account's number, an answer is not a key anybody is found by.
 *
 * Documents are read and written in batches by primary key, so a table of a million projects never sits in memory.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationStep, ScriptRunner } from '../migrate';
import { toE164 } from '../../../shared/phone/phone.js';
import { defaultSchemasDir } from '../../../shared/forms/load-schemas';
import { phoneFields } from '../../modules/accounts/stored-phones';

const NAME = '014_form_phones_e164';
const BATCH = 500;

/** The tables of form documents whose phone answers the server stores in E.164, and how a report names a row. */
const DOCUMENTS = [
  { table: 'profiles', key: 'user_id', form: 'profile', join: 'JOIN users u ON u.id = t.user_id', label: `'profile of ' || u.email` },
  { table: 'projects', key: 'id', form: 'project-owner', join: '', label: `'project ' || t.id || ' (' || t.title || ')'` },
  { table: 'offers', key: 'id', form: 'invest', join: 'JOIN users u ON u.id = t.investor_id', label: `'offer ' || t.id || ' of ' || u.email` },
] as const;

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** The phone fields of each version of a form, and of all its versions together. */
async function formPhoneFields(runner: ScriptRunner, form: string): Promise<{ of: (version: number) => string[]; all: string[] }> {
  const rows = await runner.query(`SELECT version, schema::text AS schema FROM form_versions WHERE form_id = ${quote(form)}`);
  const byVersion = new Map(rows.map((r) => [Number(r.version), phoneFields(JSON.parse(String(r.schema)) as Record<string, unknown>)]));
  const fromFile = phoneFields(JSON.parse(readFileSync(join(defaultSchemasDir(), `${form}.schema.json`), 'utf8')) as Record<string, unknown>);
  return { of: (version) => byVersion.get(version) ?? fromFile, all: [...new Set([...fromFile, ...[...byVersion.values()].flat()])] };
}

export const up: MigrationStep = async (runner, { phoneRegion }) => {
  const unparseable: string[] = [];
  for (const doc of DOCUMENTS) {
    const fields = await formPhoneFields(runner, doc.form);
    if (fields.all.length === 0) continue;
    const picked = fields.all.map((f) => `${quote(f)}, t.data -> ${quote(f)}`).join(', ');
    let after: string | undefined;
    for (;;) {
      const rows = await runner.query(
        `SELECT t.${doc.key}::text AS id, t.form_version AS version, ${doc.label} AS label, jsonb_build_object(${picked})::text AS phones ` +
          `FROM ${doc.table} t ${doc.join} ${after ? `WHERE t.${doc.key} > ${quote(after)}::uuid` : ''} ORDER BY t.${doc.key} LIMIT ${BATCH}`,
      );
      if (rows.length === 0) break;
      after = String(rows[rows.length - 1]!.id);
      const patches: [id: string, patch: Record<string, string>][] = [];
      for (const row of rows) {
        const phones = JSON.parse(String(row.phones)) as Record<string, unknown>;
        const patch: Record<string, string> = {};
        for (const field of fields.of(Number(row.version))) {
          const typed = phones[field];
          if (typeof typed !== 'string' || typed.trim() === '') continue;
          const e164 = toE164(typed, phoneRegion);
          if (e164 === undefined) unparseable.push(`  ${String(row.label)}, field ${field}: ${JSON.stringify(typed)}`);
          else if (e164 !== typed) patch[field] = e164;
        }
        if (Object.keys(patch).length > 0) patches.push([String(row.id), patch]);
      }
      if (patches.length === 0) continue;
      const values = patches.map(([id, patch]) => `(${quote(id)}, ${quote(JSON.stringify(patch))})`).join(', ');
      await runner.exec(
        `UPDATE ${doc.table} AS t SET data = t.data || v.patch::jsonb FROM (VALUES ${values}) AS v(id, patch) WHERE t.${doc.key} = v.id::uuid`,
      );
    }
  }
  if (unparseable.length > 0) {
    console.warn(
      `${NAME}: these phone answers are not valid mobile numbers (read in ${phoneRegion}) and were left as typed:\n` +
        `${unparseable.join('\n')}\n` +
        'Every other phone answer is now in E.164. The owner of each can correct it by editing that form.',
    );
  }
};
