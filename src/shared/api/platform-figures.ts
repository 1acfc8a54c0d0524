/**
 * The platform-wide figures the site may show (the home page's counter band), each a sum of money in taka or a count.
 * Each is read from a counter the database keeps in the transaction that moves the money (migrations 009 and 015),
 * never counted per page view. Site content names one by its key (`home.counters[].figure`); what each means, for
 * staff, is its title in src/client/config/content.schema.json, which lists the same keys (a test holds them equal).
 */
export const PLATFORM_FIGURES = {
  raised: 'money',
  invested: 'money',
  donated: 'money',
  investors: 'count',
  donors: 'count',
  fundedProjects: 'count',
  backedProjects: 'count',
  openProjects: 'count',
} as const;

export type PlatformFigureName = keyof typeof PLATFORM_FIGURES;

export const PLATFORM_FIGURE_NAMES = Object.keys(PLATFORM_FIGURES) as PlatformFigureName[];

/** `GET /platform/figures`: money as decimal taka strings ("246689.00"), counts as numbers. */
export interface PlatformFigures {
  currency: 'BDT';
  figures: { [K in PlatformFigureName]: (typeof PLATFORM_FIGURES)[K] extends 'money' ? string : number };
}
