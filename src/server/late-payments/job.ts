/**
 * The late-payments job: opens late charges for charity on instalments past their grace period, puts agreements
 * overdue DEFAULT_AFTER_DAYS into default, and takes those whose overdue instalments are all paid out of it.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Config } from '../config';
import type { SmsMessage } from '../sms';
import { dhakaToday } from '../../shared/format/dhaka-calendar';
import { countOf } from '../../shared/format/count';
import { noticeSite } from '../modules/notices/service';
import { openLateCharges } from './charges';
import { clearDefaults, markDefaults } from './defaults';

export async function latePayments({ trx, now, config }: { trx: Transaction<DB>; now: Date; config: Config }): Promise<{ summary: string; messages: SmsMessage[] }> {
  const today = dhakaToday(now);
  const origin = noticeSite(config);
  const opened = await openLateCharges(trx, today, config, origin);
  const defaults = await markDefaults(trx, now, today, config, origin);
  const cleared = await clearDefaults(trx, today, null);
  return {
    summary: `opened ${countOf(opened, 'late charge')}, ${countOf(defaults.count, 'agreement')} into default, ${countOf(cleared, 'agreement')} out of default`,
    messages: defaults.messages,
  };
}
