/**
 * The risk statement (issue 31 §4): site content (`riskStatement` in content.json, edited in the studio), one text
 * per language (English today; `bn` beside it when written). Its version is the site content version in which the
 * statement took its present wording: a publish that changes only other texts keeps it, any change to the statement
 * (in any language) makes a new one, and people acknowledge that version again before their next agreement request.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import { audit } from '../../audit';
import type { DB } from '../../db/schema';
import type { SiteContent } from './site-content';
import type { RiskStatementView } from '../../../shared/api/views';
import { acknowledgedAt, insertAcknowledgment } from './queries/acknowledgments';

export const RISK_LANGUAGES = ['en', 'bn'] as const;
export type RiskLanguage = (typeof RISK_LANGUAGES)[number];

export interface RiskText {
  title: string;
  intro: string;
  points: string[];
  acknowledge: string;
}

/** Where a person acknowledges the statement: said by the 409 of an agreement request and by the API's description. */
export const RISK_ACK_PLACE = 'the agreement form (/investmentAgreementForm), or POST /api/v1/me/risk-acknowledgment';

/** The answer to an agreement request from someone without a current acknowledgment. */
export const RISK_ACK_MISSING =
  `Before you send an agreement request, please read the risk statement and confirm you understand it: on ${RISK_ACK_PLACE}. ` +
  'It is asked before your first request and again whenever the statement changes.';

type Doc = Record<string, unknown>;
type Texts = Partial<Record<RiskLanguage, RiskText>>;

export class RiskStatement {
  /** Content version → the version of the statement it carries (content versions never change). */
  private readonly since = new Map<number, number>();

  constructor(
    private readonly site: SiteContent,
    /** The shipped statement: what a content version without one (published before it existed) is taken to say. */
    private readonly shipped: Texts,
  ) {}

  private textsOf(content: Doc): Texts {
    const s = content.riskStatement;
    return s && typeof s === 'object' && !Array.isArray(s) ? (s as Texts) : this.shipped;
  }

  /** The version of the statement carried by content version `v`: the first version of the run with its wording. */
  private async statementVersion(v: number, texts: Texts): Promise<number> {
    const known = this.since.get(v);
    if (known !== undefined) return known;
    let first = v;
    for (let k = v - 1; k >= 1; k--) {
      const older = await this.site.version(k);
      // A version that never went live (returned, superseded) is no part of the run.
      if (older && !older.live) continue;
      if (!older || !isDeepStrictEqual(this.textsOf(older.content), texts)) break;
      const cached = this.since.get(k);
      if (cached !== undefined) {
        first = cached;
        break;
      }
      first = k;
    }
    this.since.set(v, first);
    return first;
  }

  /** The current statement in a language (English when it has none in that language) and its version. */
  async current(language: RiskLanguage = 'en'): Promise<RiskStatementView> {
    const v = await this.site.version(await this.site.currentVersion());
    if (!v) throw new Error('no site content version');
    const texts = this.textsOf(v.content);
    const version = await this.statementVersion(v.version, texts);
    const lang: RiskLanguage = texts[language] ? language : 'en';
    const text = texts[lang] ?? this.shipped.en!;
    return { version, language: lang, title: text.title, intro: text.intro, points: [...text.points], acknowledge: text.acknowledge };
  }

  /** When the person acknowledged statement version `version` (null: never). */
  acknowledgedAt(db: Kysely<DB>, userId: string, version: number): Promise<Date | null> {
    return acknowledgedAt(db, userId, version);
  }

  /** Stores (once) and audits a person's acknowledgment of a version; returns when it was first acknowledged. */
  async acknowledge(trx: Transaction<DB>, userId: string, version: number, language: RiskLanguage): Promise<{ at: Date; created: boolean }> {
    const inserted = await insertAcknowledgment(trx, userId, version);
    if (!inserted) return { at: (await this.acknowledgedAt(trx, userId, version))!, created: false };
    await audit(trx, {
      actorId: userId,
      action: 'risk.acknowledge',
      subjectType: 'user',
      subjectId: userId,
      before: null,
      after: `risk statement version ${version}`,
      note: `read in ${language === 'bn' ? 'Bengali' : 'English'}`,
    });
    return { at: inserted, created: true };
  }
}
