/**
 * The studio's content page: staff read the schema the content form is generated from, list and read versions, keep
 * one draft each, and publish a document as the next version: refused with the problems when it breaks
 * content.schema.json or a link leads to no screen, and refused when another version was published after the draft
 * was started.
 */
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../errors';
import { countOf } from '../../../shared/format/count';
import { draftsOf, emailsOf, isUniqueViolation, staleDraft } from '../forms/service';
import { approvalRequired, liveVersion, StaleBase } from '../forms/service';
import { CONTENT_DOCUMENT } from './site-content';
import { allDrafts, deleteDraft, saveDraft } from './queries/drafts';
import { versionList } from './queries/versions';
import { versionListItem, versionView } from './views';

type Doc = Record<string, unknown>;
type Words = Record<string, string>;

/** Every version, newest first, with where each stands. */
export async function contentVersions(app: FastifyInstance, me: SessionUser) {
  const rows = await versionList(app.db);
  const names = await emailsOf(app.db, rows.flatMap((r) => [r.author_id, r.decided_by]));
  return rows.map((r) => versionListItem(r, names, me.id));
}

/** One version (any status). */
export async function contentVersion(app: FastifyInstance, v: number) {
  const found = await app.siteContent.version(v);
  if (!found) throw notFound('This version of the site content');
  return versionView(found);
}

/** The caller's draft and who else has one; without one of their own, the 404's message and the others. */
export async function contentDraft(app: FastifyInstance, me: SessionUser) {
  const site = app.siteContent;
  const { mine, others } = await draftsOf(app.db, await allDrafts(app.db), me.id);
  if (!mine) return { missing: { message: 'You have no draft of the site content.', others } };
  // The draft's Bengali, else its base version's (a draft saved before drafts kept words).
  const translations = site.wordsFor(mine.content, { ...(await site.version(mine.base_version))?.translations, ...mine.translations });
  return { draft: { baseVersion: mine.base_version, content: mine.content, translations, updatedAt: mine.updated_at.toISOString(), others } };
}

/** Saves the caller's draft and its Bengali; its problems are answered, and do not stop a draft. */
export async function saveContentDraft(app: FastifyInstance, me: SessionUser, body: { baseVersion: number; content: Doc; translations?: Words }) {
  const site = app.siteContent;
  if (!(await site.version(body.baseVersion))) throw badRequest(`Version ${body.baseVersion} of the site content does not exist.`, [{ path: '/baseVersion', message: 'No such version' }]);
  const values = { base_version: body.baseVersion, content: JSON.stringify(body.content), translations: JSON.stringify(body.translations ?? {}), updated_at: new Date() };
  const updatedAt = await saveDraft(app.db, me.id, values);
  return { baseVersion: values.base_version, updatedAt: updatedAt.toISOString(), problems: site.problems(body.content) };
}

/** Discards the caller's draft. */
export async function discardContentDraft(app: FastifyInstance, me: SessionUser): Promise<void> {
  if ((await deleteDraft(app.db, me.id)) === 0) throw notFound('Your draft of the site content');
}

/**
 * Publishes a document as the next version: live at once, or waiting for another staff member's approval
 * (STUDIO_REQUIRE_APPROVAL); the caller's draft goes with it.
 */
export async function publishContent(app: FastifyInstance, me: SessionUser, body: { baseVersion: number; content: Doc; translations?: Words; note: string }) {
  const site = app.siteContent;
  const { baseVersion, content } = body;
  const note = body.note.trim();
  // Named from the database (what this process last read may be a second old).
  const stale = async (): Promise<AppError> => staleDraft(app.db, (await site.version(await liveVersion(app.db, CONTENT_DOCUMENT)))!, baseVersion, 'the file');
  if ((await site.currentVersion()) !== baseVersion) throw await stale();
  const problems = site.problems(content);
  if (problems.length > 0) throw new AppError(422, `This content cannot be published: ${countOf(problems.length, 'problem')} to fix first.`, problems);
  // Its Bengali: the words sent, else the base version's. A text without one is published all the same and shows in
  // English to a Bengali reader until its Bengali is written (the studio counts and marks them): the bundled
  // content's pages, blog and help have no Bengali yet, and a change of a menu label must not wait for them.
  const translations = body.translations ?? (await site.version(baseVersion))?.translations ?? {};
  const status = (await approvalRequired(app)) ? 'pending_approval' : 'live';
  let version: number;
  try {
    version = await app.db.transaction().execute(async (trx) => {
      const v = await site.publish(trx, content, translations, note, me.id, baseVersion, status);
      await deleteDraft(trx, me.id);
      return v;
    });
  } catch (err) {
    if (isUniqueViolation(err) || err instanceof StaleBase) throw await stale();
    throw err;
  }
  if (status === 'live') site.published(version);
  return status === 'live' ? { version } : { version, status };
}
