/**
 * The published versions of every form (table form_versions): which version is current, each version's schema and
 * ui-schema, its compiled body validator and its standalone browser validator. A published version never changes,
 * so everything derived from one is cached in memory for the life of the process; only "which version is current"
 * is read from the database each time it matters, so a version published by any process takes effect at once.
 */
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { DB } from '../../db/schema';
import type { JsonSchema } from '../../../shared/forms/catalog';
import { declaredPropertyNames } from '../../../shared/validation/errors';
import { sizesFirstCheck, type BodyCheck } from './body-check';
import { seedFromFiles, type FormFiles } from './file-versions';
import { compileStandaloneModule } from './standalone';
import { Seeding } from './seeding';
import { earlierLiveSchemas, liveVersionNumber, versionRow, versionStatus } from './queries/versions';
import { publicFormView, rowToVersion, type FormVersion, type PublicForm } from './views';

const key = (formId: string, version: number) => `${formId}@${version}`;

/**
 * How long "version N is current" is trusted before asking the database again. A form body is checked on every
 * request; one second keeps that off the database while a version another server process publishes still applies
 * within the second (this process's own publishes apply at once).
 */
const CURRENT_TTL_MS = 1000;

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
    private readonly files: FormFiles,
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
   * one (file-versions.ts). Called at start (and again by a timer while the database does not answer), never by a read.
   */
  start(): Promise<void> {
    return this.seeding.start();
  }

  private readonly seeding = new Seeding('forms', () => seedFromFiles(this.db, this.files, this.ids));

  private remember(v: FormVersion): void {
    this.versions.set(key(v.formId, v.version), v);
  }

  /** The current version number of a form (its newest live one), read from the database; null for an unknown form. */
  async currentVersion(formId: string): Promise<number | null> {
    if (!this.has(formId)) return null;
    await this.seeding.done();
    const known = this.currents.get(formId);
    if (known && Date.now() - known.at < CURRENT_TTL_MS) return known.version;
    const version = await liveVersionNumber(this.db, formId);
    if (version !== null) this.currents.set(formId, { version, at: Date.now() });
    return version;
  }

  /** One version (cached once read); null when the form or the version does not exist. */
  async version(formId: string, version: number): Promise<FormVersion | null> {
    if (!this.has(formId) || !Number.isSafeInteger(version) || version < 1) return null;
    await this.seeding.done();
    const cached = this.versions.get(key(formId, version));
    if (cached) return cached;
    const row = await versionRow(this.db, formId, version);
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
    const status = await versionStatus(this.db, formId, version);
    if (status === 'live') this.live.add(k);
    return status === 'live';
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
        const earlier = await earlierLiveSchemas(this.db, v.formId, v.version);
        const retired = new Set([...declaredPropertyNames(earlier)].filter((n) => !declared.has(n)));
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
    const body = publicFormView(v);
    const k = key(v.formId, v.version);
    let etag = this.etags.get(k);
    if (!etag) {
      etag = `"${v.formId}-${v.version}-${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
      this.etags.set(k, etag);
    }
    return { body, etag };
  }
}
