/**
 * Content: the site content and its published versions (site-content.ts; the studio's drafts and publishing,
 * studio.ts), the risk statement it carries and people's acknowledgments of it (risk-statement.ts), and the
 * newsletter's subscribers. `app.siteContent` and `app.riskStatement` are set by plugin.ts; the queries are under
 * queries/, the answers in views.ts. The one file other modules and areas import: an agreement request checks the
 * acknowledgment through it.
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { conflict, notFound } from '../../errors';
import { normalizeEmail } from '../accounts/service';
import { RISK_ACK_MISSING, type RiskLanguage } from './risk-statement';
import { subscribe } from './queries/newsletter';
import { acknowledgedView, versionView } from './views';

export { contentDraft, contentVersion, contentVersions, discardContentDraft, publishContent, saveContentDraft } from './studio';
export { CONTENT_DOCUMENT } from './site-content';
export { RISK_ACK_MISSING, RISK_ACK_PLACE, RISK_LANGUAGES, type RiskLanguage } from './risk-statement';

/** The current version of the site content, with its Bengali. */
export async function currentContent(app: FastifyInstance) {
  const v = await app.siteContent.version(await app.siteContent.currentVersion());
  if (!v) throw notFound('The site content');
  return versionView(v);
}

/** The schema the studio's content form is generated from (content.schema.json). */
export function contentSchema(app: FastifyInstance) {
  return app.siteContent.contentSchema;
}

/** Called when a version waiting for approval goes live: it is current at once in this process. */
export function contentWentLive(app: FastifyInstance, version: number): void {
  app.siteContent.published(version);
}

/** The current risk statement in a language (English when it has none in that language) and its version. */
export function riskStatement(app: FastifyInstance, language: RiskLanguage) {
  return app.riskStatement.current(language);
}

/** Whether the person has acknowledged the current statement, when, and the statement; whether a request needs it. */
export async function myRiskAcknowledgment(app: FastifyInstance, me: SessionUser, language: RiskLanguage) {
  const statement = await app.riskStatement.current(language);
  const at = await app.riskStatement.acknowledgedAt(app.db, me.id, statement.version);
  return { required: app.config.riskAckRequired, current: at !== null, acknowledgedAt: at?.toISOString() ?? null, statement };
}

/**
 * Acknowledges the version of the statement the person read, only while it is the current one (409 when it has
 * changed since); stored once and audited. `created`: false when it was acknowledged before.
 */
export async function acknowledgeRisk(app: FastifyInstance, me: SessionUser, body: { version: number; language?: RiskLanguage }) {
  const statement = await app.riskStatement.current(body.language ?? 'en');
  if (body.version !== statement.version) {
    throw conflict(`The risk statement has changed since you opened it (it is now version ${statement.version}). Please read the current one and acknowledge it.`);
  }
  const { at, created } = await app.db.transaction().execute((trx) => app.riskStatement.acknowledge(trx, me.id, statement.version, statement.language));
  return { created, answer: acknowledgedView(statement.version, at) };
}

/**
 * The version of the risk statement an agreement request must have acknowledged, or null when RISK_ACK_REQUIRED is
 * off. Read before the request's transaction (it reads the site content outside it).
 */
export async function riskVersionRequired(app: FastifyInstance): Promise<number | null> {
  return app.config.riskAckRequired ? (await app.riskStatement.current()).version : null;
}

/** Refuses (409) a person who has not acknowledged statement version `version`, in the caller's transaction. */
export async function requireRiskAcknowledgment(app: FastifyInstance, trx: Transaction<DB>, userId: string, version: number): Promise<void> {
  if (!(await app.riskStatement.acknowledgedAt(trx, userId, version))) throw conflict(RISK_ACK_MISSING);
}

/** Subscribes an e-mail to the newsletter; subscribing twice is the same as once. */
export async function subscribeNewsletter(app: FastifyInstance, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  const inserted = await subscribe(app.db, email);
  return {
    message: inserted ? `Thank you! ${email} is subscribed to our newsletter.` : `${email} is already subscribed. Thank you for staying with us!`,
  };
}
