/**
 * The published versions of every form (table form_versions): which version is current, each version's schema and
 * ui-schema, its compiled body validator and its standalone browser validator. A published version never changes,
 * so everything derived from one is cached in memory for the life of the process; only "which version is current"
 * is read from the database each time it matters, so a version published by any process takes effect at once.
 */
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { audit } from '../audit';
import type { DB } from '../db/schema';
import type { JsonSchema } from '../../shared/forms/catalog';
import type { FormTranslations } from '../../shared/i18n/form-words';
import { createAjv } from '../../shared/validation/ajv-setup';
import { limitsSchema } from '../../shared/validation/limits-schema';
import { declaredPropertyNames } from '../../shared/validation/errors';
import { compileStandaloneModule } from './standalone';
import { Seeding } from './seeding';

/** One published version of a form. */
export interface FormVersion {
  formId: string;
  version: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** The form's words in other languages, as published with it (schemas/i18n/<form>.<lang>.json). */
  translations: FormTranslations;
  note: string;
  authorId: string | null;
  publishedAt: Date;
}

/** A body check: the sizes first (limits-schema.ts), then the whole schema; `errors` as Ajv leaves them. */
export type BodyCheck = ((data: unknown) => boolean) & { errors?: unknown[] | null };

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * A body validator that checks the sizes first (see limits-schema.ts): a body with arrays or strings past their
 * bounds is answered with those errors alone, before any item is looked at, so no body's shape is costly.
 */
export function sizesFirst<C extends Validate>(sizes: C, full: C): C {
  const check = ((data: unknown) => {
    if (!sizes(data)) {
      check.errors = sizes.errors;
      return false;
    }
    const valid = full(data);
    check.errors = full.errors;
    return valid;
  }) as C;
  return check;
}

/** The check of a schema: its limits schema first, its full schema only when the sizes pass. */
export function sizesFirstCheck(schema: JsonSchema): BodyCheck {
  return sizesFirst(createAjv().compile(limitsSchema(schema)) as Validate, createAjv().compile(schema) as Validate);
}

const key = (formId: string, version: number) => `${formId}@${version}`;

/**
 * How long "version N is current" is trusted before asking the database again. A form body is checked on every
 * request; one second keeps that off the database while a version another server process publishes still applies
 * within the second (this process's own publishes apply at once).
 */
const CURRENT_TTL_MS = 1000;

/** The path the browser loads a version's validator from (immutable: the version is in it). */
export function validatorUrl(formId: string, version: number): string {
  return `/api/v1/forms/${encodeURIComponent(formId)}/versions/${version}/validator.js`;
}

export function rowToVersion(r: {
  form_id: string;
  version: number;
  schema: Record<string, unknown>;
  ui_schema: Record<string, unknown>;
  translations: Record<string, Record<string, string>>;
  note: string;
  author_id: string | null;
  published_at: Date;
}): FormVersion {
  return {
    formId: r.form_id,
    version: r.version,
    schema: r.schema,
    uiSchema: r.ui_schema,
    translations: r.translations ?? {},
    note: r.note,
    authorId: r.author_id,
    publishedAt: r.published_at,
  };
}


export class FormRegistry {
  private readonly versions = new Map<string, FormVersion>();
  private readonly checks = new Map<string, BodyCheck>();
  private readonly modules = new Map<string, Promise<string>>();
  private readonly etags = new Map<string, string>();
  private readonly names = new Map<string, Promise<{ declared: Set<string>; retired: Set<string> }>>();
  /** Versions known to have gone live (four eyes, migration 029): a live version stays live. */
  private readonly live = new Set<string>();
  /** Which version is current, as last read: trusted for CURRENT_TTL_MS (this process's publishes apply at once). */
  private readonly currents = new Map<string, { version: number; at: number }>();

  constructor(
    private readonly db: Kysely<DB>,
    /** The forms' files (schemas/, ui-schemas/ and schemas/i18n/): version 1 of each, and the list of form ids. */
    private readonly files: { schemas: Record<string, JsonSchema>; uiSchemas: Record<string, JsonSchema>; translations?: Record<string, FormTranslations> },
  ) {
  }

  /** Every form id (those with a schema file). */
  get ids(): string[] {
    return Object.keys(this.files.schemas).sort();
  }

  has(formId: string): boolean {
    return Object.hasOwn(this.files.schemas, formId);
  }

  /**
   * Writes version 1 of every form from its files when missing; publishes files edited since the server last read
   * them (by hand, or `npm run forms:export` of another database) as the next version, unless they equal the current
   * one. Called at start (and again by a timer while the database does not answer), never by a read.
   */
  start(): Promise<void> {
    return this.seeding.start();
  }

  private readonly seeding = new Seeding('forms', () => this.seed());

  private async seed(): Promise<void> {
    // Most starts change nothing: one query finds the forms whose files changed since the server last read them.
    const seenDigests = new Map((await this.db.selectFrom('form_file_digests').select(['form_id', 'digest']).execute()).map((r) => [r.form_id, r.digest]));
    for (const id of this.ids) {
      const schema = this.files.schemas[id]!;
      const uiSchema = this.files.uiSchemas[id] ?? {};
      const translations = this.files.translations?.[id] ?? {};
      // (A form without translations keeps the digest it had before they existed: no new version for it.)
      const digest = createHash('sha256').update(JSON.stringify(Object.keys(translations).length > 0 ? [schema, uiSchema, translations] : [schema, uiSchema])).digest('hex');
      if (seenDigests.get(id) === digest) continue;
      await this.db.transaction().execute(async (trx) => {
        const seen = await trx.selectFrom('form_file_digests').select('digest').where('form_id', '=', id).forUpdate().executeTakeFirst();
        if (seen?.digest === digest) return;
        // The live version is compared with the files; a new one is numbered after every version, proposals included.
        const current = await trx.selectFrom('form_versions').selectAll().where('form_id', '=', id).where('status', '=', 'live').orderBy('version', 'desc').limit(1).executeTakeFirst();
        const newest = await trx.selectFrom('form_versions').select((eb) => eb.fn.max('version').as('v')).where('form_id', '=', id).executeTakeFirst();
        const same = current && isDeepStrictEqual(current.schema, schema) && isDeepStrictEqual(current.ui_schema, uiSchema) && isDeepStrictEqual(current.translations ?? {}, translations);
        if (!same && !(current && !seen && current.version > 1)) {
          const version = Number(newest?.v ?? 0) + 1;
          const note = version === 1 ? `From schemas/${id}.schema.json and ui-schemas/${id}.ui.json` : `From the files schemas/${id}.schema.json and ui-schemas/${id}.ui.json, edited since`;
          await trx
            .insertInto('form_versions')
            .values({ form_id: id, version, schema: JSON.stringify(schema), ui_schema: JSON.stringify(uiSchema), translations: JSON.stringify(translations), note })
            .onConflict((oc) => oc.columns(['form_id', 'version']).doNothing())
            .execute();
          if (version > 1) {
            await audit(trx, { actorId: null, action: 'form.publish', subjectType: 'form', subjectId: id, before: `version ${current?.version ?? version - 1}`, after: `version ${version}`, note });
          }
        }
        await trx
          .insertInto('form_file_digests')
          .values({ form_id: id, digest })
          .onConflict((oc) => oc.column('form_id').doUpdateSet({ digest }))
          .execute();
      });
    }
  }

  private remember(v: FormVersion): void {
    this.versions.set(key(v.formId, v.version), v);
  }

  /** The current version number of a form (its newest live one), read from the database; null for an unknown form. */
  async currentVersion(formId: string): Promise<number | null> {
    if (!this.has(formId)) return null;
    await this.seeding.done();
    const known = this.currents.get(formId);
    if (known && Date.now() - known.at < CURRENT_TTL_MS) return known.version;
    const row = await this.db
      .selectFrom('form_versions')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('form_id', '=', formId)
      .where('status', '=', 'live')
      .executeTakeFirst();
    const version = row?.v == null ? null : Number(row.v);
    if (version !== null) this.currents.set(formId, { version, at: Date.now() });
    return version;
  }

  /** One version (cached once read); null when the form or the version does not exist. */
  async version(formId: string, version: number): Promise<FormVersion | null> {
    if (!this.has(formId) || !Number.isSafeInteger(version) || version < 1) return null;
    await this.seeding.done();
    const cached = this.versions.get(key(formId, version));
    if (cached) return cached;
    const row = await this.db.selectFrom('form_versions').selectAll().where('form_id', '=', formId).where('version', '=', version).executeTakeFirst();
    if (!row) return null;
    const v = rowToVersion(row);
    this.remember(v);
    if (row.status === 'live') this.live.add(key(formId, version));
    return v;
  }

  /** True when a version has gone live; false for one waiting for approval, returned or superseded (staff only). */
  async wentLive(formId: string, version: number): Promise<boolean> {
    const k = key(formId, version);
    if (this.live.has(k)) return true;
    const row = await this.db.selectFrom('form_versions').select('status').where('form_id', '=', formId).where('version', '=', version).executeTakeFirst();
    if (row?.status === 'live') this.live.add(k);
    return row?.status === 'live';
  }

  /** The current version, whole. */
  async current(formId: string): Promise<FormVersion | null> {
    const v = await this.currentVersion(formId);
    return v === null ? null : this.version(formId, v);
  }

  /** Records a version this process just published (it is also in the database): current here at once. */
  published(v: FormVersion): void {
    this.remember(v);
    this.live.add(key(v.formId, v.version));
    this.currents.set(v.formId, { version: v.version, at: Date.now() });
  }

  /**
   * The schema of the version a stored document was validated with, for a view of it; the form's file (version 1)
   * for a version this database does not have.
   */
  async schemaOf(formId: string, version: number): Promise<JsonSchema> {
    const v = await this.version(formId, version);
    const schema = v?.schema ?? this.files.schemas[formId];
    if (!schema) throw new Error(`unknown form ${formId}`);
    return schema;
  }

  /** The form's own file (schemas/<id>.schema.json), whatever version is current; undefined for an unknown form. */
  fileSchema(formId: string): JsonSchema | undefined {
    return this.files.schemas[formId];
  }

  /**
   * The field names of a version, and those its form's earlier versions declared that it no longer does (so a key
   * this version removed is told apart from one the form never had). Read once per version: versions never change.
   */
  fieldNames(v: FormVersion): Promise<{ declared: Set<string>; retired: Set<string> }> {
    const k = key(v.formId, v.version);
    let names = this.names.get(k);
    if (!names) {
      names = (async () => {
        const declared = declaredPropertyNames(v.schema);
        const earlier = await this.db.selectFrom('form_versions').select('schema').where('form_id', '=', v.formId).where('version', '<', v.version).where('status', '=', 'live').execute();
        const retired = new Set([...declaredPropertyNames(earlier.map((r) => r.schema))].filter((n) => !declared.has(n)));
        return { declared, retired };
      })();
      names.catch(() => this.names.delete(k));
      this.names.set(k, names);
    }
    return names;
  }

  /** The body check of a version (its schema transformed by `shape`, e.g. an API rename), compiled once. */
  check(v: FormVersion, shape: (schema: JsonSchema) => JsonSchema = (s) => s, shapeKey = ''): BodyCheck {
    const k = `${key(v.formId, v.version)}#${shapeKey}`;
    let c = this.checks.get(k);
    if (!c) {
      c = sizesFirstCheck(shape(v.schema));
      this.checks.set(k, c);
    }
    return c;
  }

  /** The ES module of a version's standalone validator, compiled once per process. */
  standaloneModule(v: FormVersion): Promise<string> {
    const k = key(v.formId, v.version);
    let m = this.modules.get(k);
    if (!m) {
      m = compileStandaloneModule(v.schema);
      m.catch(() => this.modules.delete(k));
      this.modules.set(k, m);
    }
    return m;
  }

  /** The public answer for a version (GET /forms/:id and /forms/:id/versions/:v) and its strong ETag. */
  publicView(v: FormVersion): { body: PublicForm; etag: string } {
    const body: PublicForm = { formId: v.formId, version: v.version, schema: v.schema, uiSchema: v.uiSchema, translations: v.translations, validatorUrl: validatorUrl(v.formId, v.version) };
    const k = key(v.formId, v.version);
    let etag = this.etags.get(k);
    if (!etag) {
      etag = `"${v.formId}-${v.version}-${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
      this.etags.set(k, etag);
    }
    return { body, etag };
  }
}

/** What anyone may read of a published version. */
interface PublicForm {
  formId: string;
  version: number;
  schema: JsonSchema;
  uiSchema: JsonSchema;
  /** Its words in other languages: the browser draws it and says its messages in the reader's language. */
  translations: FormTranslations;
  validatorUrl: string;
}
