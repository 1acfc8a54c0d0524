/** The investment screens' API answers, as the generated types name them (src/shared/generated/api-types.ts). */
import type { ApiAnswer, ApiItem } from '../../lib/api-paths';
import type { Language } from '../../../shared/i18n/language';
import { formatNumber } from '../../../shared/format/money';
import type { Words } from '../../lib/words';

/** An investor card; the relevant-investors list adds why it is listed and whether it was invited. */
export type Offer = ApiItem<'GET /offers'> | ApiItem<'GET /projects/{id}/relevant-investors'>;

/** An agreement request, as its investor's list or its project's list shows it. */
export type Proposal = ApiItem<'GET /me/agreement-requests'> | ApiItem<'GET /projects/{id}/agreement-requests'>;

/** A Request For Invest with the project it names (the schema allows one without: see `withProject`). */
export type Invitation = ApiItem<'GET /me/invitations'> & { project: NonNullable<ApiItem<'GET /me/invitations'>['project']> };

/** An invitation whose project could be read (one whose project is gone has nothing to show). */
export const withProject = (i: ApiItem<'GET /me/invitations'>): i is Invitation => i.project !== undefined;

/** A page of a schedule (`/me/returns`, `/me/repayments`): the totals and the count are of the whole schedule. */
export type Schedule = ApiAnswer<'GET /me/returns'> | ApiAnswer<'GET /me/repayments'>;

export type Instalment = Schedule['items'][number];

/** A late charge owed to the platform's charity account, never to the investor (the owner's schedule only). */
export type LateCharge = NonNullable<ApiItem<'GET /me/repayments'>['lateCharge']>;

/** "every 3 months over 12", "one payment after 12 months" */
export function frequencyText(o: Offer, t: Words['t'], language: Language): string {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '?' : formatNumber(v, language));
  if (o.kind === 'Donate') return t('Donation');
  if (o.returnType === 'Recurring') return t('{months} months, returned every {every} months over {over}', { months: n(o.durationMonths), every: n(o.returningTime), over: n(o.totalDuration) });
  if (o.returnType === 'On-time') return t('{months} months, returned on time', { months: n(o.durationMonths) });
  return '—';
}

