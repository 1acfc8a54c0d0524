/**
 * What each audience sees of a project (its status as shown, its form's fields by their `x-visibility`, its figures),
 * and the platform's and a person's figures as answered.
 */
import type { Selectable } from 'kysely';
import type { PlatformFiguresTable, ProjectStatus, ShariahReviewsTable } from '../../db/schema';
import type { PlatformFigures } from '../../../shared/api/platform-figures';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import type { SessionUser } from '../../plugins/auth';
import type { ProjectView, ShariahReviewView } from '../../../shared/api/views';
import type { JsonSchema } from '../../../shared/forms/catalog';
import { PROJECT_IMAGE_FIELDS } from '../../../shared/forms/code-fields';
import { visibleData } from '../../../shared/forms/visibility';
import type { Figures, ProjectRow } from './figures';
import { PUBLIC_STATUSES } from './queries/projects';
import type { SummaryCounters } from './queries/figures';

export type Audience = 'public' | 'owner' | 'staff';
export type RefundCounts = { refundsDue: number; refunded: number };

/** The audience a viewer belongs to for a project, or null when they may not see it at all. */
export function audienceFor(row: ProjectRow, viewer: SessionUser | null): Audience | null {
  if (viewer?.isStaff) return 'staff';
  if (viewer && viewer.id === row.owner_id) return 'owner';
  return PUBLIC_STATUSES.includes(row.status) ? 'public' : null;
}

function fileIds(data: Record<string, unknown>): string[] {
  return PROJECT_IMAGE_FIELDS.map((f) => data[f]).filter((v): v is string => typeof v === 'string' && v.startsWith('file:')).map((v) => v.slice(5));
}

/**
 * The status to show: a campaign past its end date is closed even in the seconds before the scheduled job writes
 * it (reads never write).
 */
function shownStatus(row: ProjectRow, now = new Date()): ProjectStatus {
  return (row.status === 'open' || row.status === 'funded') && row.ends_at && row.ends_at <= now ? 'closed' : row.status;
}

/**
 * What an audience sees of a project. Which fields of its form each audience sees is the `x-visibility` of each field
 * in `schema`, the version of the project form the project was submitted with (src/shared/forms/visibility.ts).
 */
export function projectView(
  row: ProjectRow,
  figures: Figures,
  audience: Audience,
  viewerId: string | undefined,
  schema: JsonSchema,
  refunds: RefundCounts = { refundsDue: 0, refunded: 0 },
  shariahReview: ShariahReviewView | null = null,
): ProjectView {
  const data = row.data as Record<string, unknown>;
  const details = visibleData(data, schema, audience, 'project-owner');
  return {
    id: row.id,
    status: shownStatus(row),
    title: row.title,
    category: row.category,
    country: row.country,
    ownerName: String(data.name ?? ''),
    summary: String(data.briefDescrip ?? ''),
    images: fileIds(data),
    videoUrl: typeof data.busExViLink === 'string' ? data.busExViLink : null,
    createdAt: row.created_at.toISOString(),
    approvedAt: row.approved_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    fundedAt: row.funded_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
    figures,
    fundingModel: row.funding_model,
    goalNotReached: row.outcome === 'goal_not_reached' ? refunds : null,
    mine: viewerId === row.owner_id,
    formVersion: row.form_version,
    ...(audience === 'public' ? {} : { staffNote: row.staff_note }),
    shariahReview,
    details,
  };
}

/** The platform's figures (src/shared/api/platform-figures.ts) from its row of counters. */
export function platformFiguresView(row: Selectable<PlatformFiguresTable> | undefined): PlatformFigures {
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

type Tile = { id: string; label: string; value: string | number; format: 'money' | 'count'; scope: 'platform' | 'yours' };

/**
 * The Summary Overview's tiles: the same definitions as each project's figures (figures.ts): an investor is someone
 * with an accepted agreement; received = accepted agreements + confirmed donations on the user's projects. The wallet
 * tile has no real source yet, so it is not in the answer.
 */
export function summaryView(c: SummaryCounters) {
  const money = (v: string | null | undefined) => fromPaisa(toPaisa(v ?? '0'));
  const tiles: Tile[] = [
    { id: 'totalInvestment', label: 'Total investment', value: money(c.invested), format: 'money', scope: 'platform' },
    { id: 'totalInvestors', label: 'Total Investors', value: c.investors ?? 0, format: 'count', scope: 'platform' },
    { id: 'totalInvestedProjects', label: 'Total Invested Projects', value: c.invested_projects ?? 0, format: 'count', scope: 'platform' },
    { id: 'countriesSupported', label: 'Total countries Supported', value: Number(c.countries), format: 'count', scope: 'platform' },
    { id: 'availableProjects', label: 'Available projects for invest', value: c.open_projects ?? 0, format: 'count', scope: 'platform' },
    { id: 'requestsForInvest', label: 'Total Requests For Invest', value: c.invitations ?? 0, format: 'count', scope: 'platform' },
    { id: 'yourTotalInvestment', label: 'Your Total Investment', value: money(c.my_invested), format: 'money', scope: 'yours' },
    { id: 'yourReceivedAmount', label: 'Your Received Amount', value: money(c.my_received), format: 'money', scope: 'yours' },
    { id: 'yourFundraisingAmount', label: 'Your Fundraising amount', value: money(c.my_fundraising), format: 'money', scope: 'yours' },
    { id: 'yourReturnedAmount', label: 'Your Returned Amount', value: money(c.my_returned), format: 'money', scope: 'yours' },
    { id: 'yourTotalReturned', label: 'Your Total Returned', value: money(c.my_got), format: 'money', scope: 'yours' },
  ];
  return { currency: 'BDT', tiles };
}

/**
 * A Shariah review as a reader sees it: everyone sees an approval with its note; a request for changes keeps its note
 * for the owner and staff (`full`).
 */
export function shariahReviewView(r: Selectable<ShariahReviewsTable>, full: boolean): ShariahReviewView {
  return {
    decision: r.decision,
    adviser: r.adviser,
    decidedAt: r.created_at.toISOString(),
    opinionFileId: r.opinion_file_id,
    ...(full || r.decision === 'approved' ? { note: r.note } : {}),
  };
}
