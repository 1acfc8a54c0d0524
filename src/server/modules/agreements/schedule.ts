/**
 * Where an accepted agreement's repayment schedule is made and stored: the one place on the server. The arithmetic
 * is `schedule()` (src/shared/domain/murabaha.ts, shared with the browser's preview), given the project's terms
 * (src/shared/domain/project-terms.ts); here it is dated, kept clear of the cooling-off window, split into profit
 * parts and stored with the agreement document, in the transaction that accepts the proposal.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { termsOf } from '../projects/service';
import { REPAID_TYPES } from '../portfolio/service';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { schedule } from '../../../shared/domain/murabaha';
import { profitParts } from '../../../shared/domain/profit-parts';
import { coolingOffEndsAt, notDueBeforeCoolingOff } from '../../../shared/domain/cooling-off';
import { dhakaDate } from '../../../shared/format/dhaka-calendar';
import { createAgreementDocument } from './documents';
import { insertInstalments, projectRow, type AgreementRow } from './queries/requests';

/** Investment types that are repaid (a Donation is not). */
const REPAID = new Set<string>(REPAID_TYPES);

/**
 * Stores the schedule and the agreement document of a request accepted at `now`, inside `trx`; a donation-type
 * proposal has neither.
 */
export async function scheduleAccepted(trx: Transaction<DB>, agreement: AgreementRow, now: Date, coolingOffHours: number): Promise<void> {
  if (!REPAID.has(agreement.investment_type)) return;
  const project = await projectRow(trx, agreement.project_id);
  // The project's terms, its initial instalment included (this investor's share of it comes first), due dates
  // counted from the Dhaka date of acceptance: accepted at 02:30 in Dhaka (20:30 UTC the day before) is that day.
  // No instalment is due before the cooling-off window ends (DOMAIN.md "Investor protections").
  const instalments = notDueBeforeCoolingOff(schedule(agreement.amount, termsOf(project), dhakaDate(now)), dhakaDate(coolingOffEndsAt(now, coolingOffHours)));
  // Each instalment's profit part (DOMAIN.md), kept with it: the portfolio sums them.
  const amounts = instalments.map((i) => toPaisa(i.amount));
  const parts = profitParts(toPaisa(agreement.amount), amounts.reduce((sum, a) => sum + a, 0n), amounts);
  await insertInstalments(
    trx,
    instalments.map((i, k) => ({
      agreement_id: agreement.id,
      project_id: project.id,
      owner_id: project.owner_id,
      investor_id: agreement.investor_id,
      seq: i.seq,
      due_on: i.dueOn,
      amount: i.amount,
      profit_part: fromPaisa(parts[k]!.profit),
      status: 'due' as const,
    })),
  );
  // The Murabaha agreement both parties download and consent to, made from these terms, in this transaction.
  await createAgreementDocument(trx, agreement.id, now);
}
