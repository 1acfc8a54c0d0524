/**
 * The site content's published versions (table content_versions): which one is current, each version's document,
 * and the checks a version must pass (content.schema.json and the links the schema lint follows). Version 1 is
 * src/client/config/content.json; the file edited since the server last read it becomes the next version at start,
 * so the JSON-file path keeps working. Each version carries its Bengali (`translations`, migration 032): the file's
 * from i18n/content.bn.json, a studio version's as staff wrote them beside the English (refused while any is missing). Every page the server sends carries the current version (plugins/client.ts),
 * so a publish reaches visitors on their next page load, with no rebuild.
 */
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { audit } from '../../audit';
import type { DB, VersionStatus } from '../../db/schema';
import { auditPublish, nextVersion, Seeding, type StudioDocument } from '../forms/service';
import { CONTENT_FILE, lintConfig } from '../../../shared/forms/schema-lint';
import { repoRoot } from '../../../shared/forms/load-schemas';
import { missingWords, wordsOf, type MissingWord } from '../../../shared/i18n/content-texts';
import { fileDigestForUpdate, insertFileVersion, insertVersion, lastVersionNumber, liveVersionNumber, newestLiveVersion, saveFileDigest, versionRow } from './queries/versions';

type Doc = Record<string, unknown>;
type Words = Record<string, string>;

/** The bundled Bengali of the site content (English text → Bengali): version 1's words and the fallback. */
export const CONTENT_WORDS_FILE = 'src/client/config/i18n/content.bn.json';

const DIGEST_KEY = 'site-content';
/** The site content's versions as the four-eyes step sees them. */
export const CONTENT_DOCUMENT: StudioDocument = { table: 'content_versions', formId: null, subjectType: 'content', subjectId: DIGEST_KEY, name: 'the site content' };
/** How long "version N is current" is trusted before asking the database again (as for forms). */
const CURRENT_TTL_MS = 1000;

export interface ContentVersion {
  version: number;
  /** False for a version that is not (or not yet) live: waiting for approval, returned or superseded. */
  live: boolean;
  content: Doc;
  /**
   * Its Bengali, English text → Bengali, for the texts it has: the words published with it, else (a version
   * published before versions carried words) the bundled content.bn.json's.
   */
  translations: Words;
  note: string;
  authorId: string | null;
  publishedAt: Date;
}

/** A problem with a content document: where (a JSON pointer into it) and what. */
export interface ContentProblem {
  path: string;
  message: string;
}

export const readJson = (file: string): Doc => JSON.parse(readFileSync(join(repoRoot(), file), 'utf8')) as Doc;

export class SiteContent {
  private readonly versions = new Map<number, ContentVersion>();
  private current: { version: number; at: number } | null = null;
  private readonly seeding = new Seeding('site content versions', () => this.seed());
  private readonly file: Doc;
  private readonly fileWords: Words;
  private readonly schema: Doc;
  private readonly screens: { config: Doc; schema: Doc };

  /** `formIds`: the forms screens may name (the screen config is checked with the content, as the lint does). */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly formIds: readonly string[],
  ) {
    this.file = readJson(CONTENT_FILE);
    this.fileWords = readJson(CONTENT_WORDS_FILE) as Words;
    this.schema = readJson('src/client/config/content.schema.json');
    this.screens = { config: readJson('src/client/config/screens.json'), schema: readJson('src/client/config/screens.schema.json') };
  }

  /** The schema the studio's content form is generated from. */
  get contentSchema(): Doc {
    return this.schema;
  }

  /**
   * Writes version 1 from the file when missing, or the file edited since as the next version. Called at start (and
   * again by a timer while the database does not answer), never by a read.
   */
  start(): Promise<void> {
    return this.seeding.start();
  }

  private async seed(): Promise<void> {
    const words = wordsOf(this.file, this.fileWords);
    const digest = createHash('sha256').update(JSON.stringify(this.file)).update(JSON.stringify(words)).digest('hex');
    await this.db.transaction().execute(async (trx) => {
      const seen = await fileDigestForUpdate(trx, DIGEST_KEY);
      if (seen?.digest === digest) return;
      const newest = await newestLiveVersion(trx);
      const last = await lastVersionNumber(trx);
      // A database whose content was published in the studio, never read from this file before: the studio's wins.
      const keep = newest && ((isDeepStrictEqual(newest.content, this.file) && isDeepStrictEqual(this.wordsFor(newest.content, newest.translations), words)) || (!seen && newest.version > 1));
      if (!keep) {
        // Numbered after every version, proposals waiting for approval included.
        const version = last + 1;
        const note = version === 1 ? `From ${CONTENT_FILE}` : `From the file ${CONTENT_FILE}, edited since`;
        await insertFileVersion(trx, { version, content: JSON.stringify(this.file), translations: JSON.stringify(words), note });
        if (version > 1) await audit(trx, { actorId: null, action: 'content.publish', subjectType: 'content', subjectId: DIGEST_KEY, before: `version ${newest?.version ?? version - 1}`, after: `version ${version}`, note });
      }
      await saveFileDigest(trx, DIGEST_KEY, digest);
    });
  }

  /** The current version number: the newest live one (read from the database at most once a second). */
  async currentVersion(): Promise<number> {
    await this.seeding.done();
    if (this.current && Date.now() - this.current.at < CURRENT_TTL_MS) return this.current.version;
    const version = (await liveVersionNumber(this.db)) ?? 1;
    this.current = { version, at: Date.now() };
    return version;
  }

  /** One version (cached: versions never change); null when there is none. */
  async version(version: number): Promise<ContentVersion | null> {
    if (!Number.isSafeInteger(version) || version < 1) return null;
    await this.seeding.done();
    const cached = this.versions.get(version);
    if (cached) return cached;
    const row = await versionRow(this.db, version);
    if (!row) return null;
    const v: ContentVersion = { version: row.version, live: row.status === 'live', content: row.content, translations: this.wordsFor(row.content, row.translations), note: row.note, authorId: row.author_id, publishedAt: row.published_at };
    // A decided version never changes; one waiting for approval may still go live.
    if (row.status !== 'pending_approval') this.versions.set(version, v);
    return v;
  }

  /**
   * What a page needs to say about the content: the current version when it differs from the file the front end
   * was built with (the page then carries it), null when the built-in one is current (nothing to carry) or the
   * database cannot answer (the built-in one still makes a page).
   */
  async forPages(): Promise<ContentVersion | null> {
    try {
      const v = await this.version(await this.currentVersion());
      if (!v) return null;
      let same = this.sameAsFile.get(v.version);
      if (same === undefined) this.sameAsFile.set(v.version, (same = isDeepStrictEqual(v.content, this.file) && isDeepStrictEqual(v.translations, wordsOf(this.file, this.fileWords))));
      return same ? null : v;
    } catch {
      return null;
    }
  }

  private readonly sameAsFile = new Map<number, boolean>();

  /** A content document's words: those given for its texts, the bundled ones for a text given none. */
  wordsFor(content: Doc, given: Words | null | undefined): Words {
    return wordsOf(content, { ...this.fileWords, ...wordsOf(content, given ?? {}) });
  }

  /** The texts of a content document that have no Bengali in `words` (publishing is refused while any has not). */
  missingWords(content: Doc, words: Words): MissingWord[] {
    return missingWords(content, words);
  }

  /** What is wrong with a content document: its schema, then the links that lead to no screen. */
  problems(content: unknown): ContentProblem[] {
    if (content === null || typeof content !== 'object' || Array.isArray(content)) return [{ path: '', message: 'the content must be an object' }];
    return lintConfig(this.screens.config, this.screens.schema, content as Doc, this.schema, this.formIds)
      .filter((p) => p.file === CONTENT_FILE)
      .map((p) => ({ path: p.pointer, message: p.message }));
  }

  /**
   * Writes a document as the next version (the caller has checked it), live at once or waiting for approval
   * (modules/forms/studio.ts); `after`: the live version it was made from.
   */
  async publish(trx: Kysely<DB>, content: Doc, translations: Words, note: string, authorId: string, after: number, status: VersionStatus): Promise<number> {
    const version = await nextVersion(trx, CONTENT_DOCUMENT, authorId, after);
    await insertVersion(trx, { version, content: JSON.stringify(content), translations: JSON.stringify(wordsOf(content, translations)), note, authorId, status, baseVersion: after });
    await auditPublish(trx, CONTENT_DOCUMENT, authorId, after, version, status, note);
    return version;
  }

  /** Called after a publish commits: the new version is current at once in this process. */
  published(version: number): void {
    this.current = { version, at: Date.now() };
  }
}
