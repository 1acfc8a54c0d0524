/**
 * The platform's figures (src/shared/api/platform-figures.ts) from the one row of counters the database keeps
 * (platform_figures, migrations 009 and 015): a primary-key read, whatever the number of projects or donations.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { fromPaisa, toPaisa } from '../../shared/domain/money';
import type { PlatformFigures } from '../../shared/api/platform-figures';

export async function readPlatformFigures(db: Kysely<DB>): Promise<PlatformFigures> {
  const row = await db.selectFrom('platform_figures').selectAll().executeTakeFirst();
  const invested = toPaisa(row?.invested ?? '0');
  const donated = toPaisa(row?.donated ?? '0');
  return {
    currency: 'BDT',
    figures: {
      raised: fromPaisa(invested + donated),
      invested: fromPaisa(invested),
      donated: fromPaisa(donated),
      investors: row?.investors ?? 0,
      donors: row?.donors ?? 0,
      fundedProjects: row?.funded_projects ?? 0,
      backedProjects: row?.backed_projects ?? 0,
      openProjects: row?.open_projects ?? 0,
    },
  };
}
