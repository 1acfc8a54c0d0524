/**
 * Telling people about instalments on their dates (DOMAIN.md "Late payments"): the owner is reminded a few days
 * before an instalment is due and on the day; when it becomes overdue the owner and the investor are both told. Each
 * is an in-app notice of the kind `instalment_due`, its e-mail and its SMS (per the person's Settings), and each is
 * sent once: the row is claimed by a conditional update (reminded_*_at, overdue_at) in the job's transaction.
 */
import type { SmsMessage } from '../sms';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { Transaction } from 'kysely';
import { addDays, daysBetween, dhakaToday } from '../../shared/format/dhaka-calendar';
import { countOf } from '../../shared/format/count';
import { noticeLinks, noticeSite, notifyWithSms } from '../modules/notices/service';
import { dueSoon, dueToday as dueTodayWords, overdue } from './words';

/** The owner's first reminder comes this many days before the due date. */
export const REMIND_DAYS_BEFORE = 3;

interface Due {
  id: string;
  seq: number;
  amount: string;
  due_on: string;
  owner_id: string;
  investor_id: string;
  agreement_id: string;
  title: string;
}

/** Reminders to owners: instalments due within REMIND_DAYS_BEFORE days, and those due today; each kind once. */
export async function remindInstalments({ trx, now, config }: { trx: Transaction<DB>; now: Date; config: Config }): Promise<{ summary: string; messages: SmsMessage[] }> {
  const today = dhakaToday(now);
  const origin = noticeSite(config);
  const returning = ['i.id', 'i.seq', 'i.amount', 'i.due_on', 'i.owner_id', 'i.investor_id', 'i.agreement_id', 'p.title'] as const;
  const soon = (await trx
    .updateTable('instalments as i')
    .set({ reminded_before_at: now })
    .from('projects as p')
    .whereRef('p.id', '=', 'i.project_id')
    .where('i.status', '=', 'due')
    .where('i.reminded_before_at', 'is', null)
    .where('i.due_on', '>', today)
    .where('i.due_on', '<=', addDays(today, REMIND_DAYS_BEFORE))
    .returning(returning)
    .execute()) as Due[];
  const dueToday = (await trx
    .updateTable('instalments as i')
    .set({ reminded_due_at: now })
    .from('projects as p')
    .whereRef('p.id', '=', 'i.project_id')
    .where('i.status', '=', 'due')
    .where('i.reminded_due_at', 'is', null)
    .where('i.due_on', '=', today)
    .returning(returning)
    .execute()) as Due[];
  const messages: SmsMessage[] = [];
  const keep = (m: SmsMessage | null) => m && messages.push(m);
  for (const i of soon) {
    const days = daysBetween(today, i.due_on);
    keep(
      await notifyWithSms(
        trx,
        {
          userId: i.owner_id,
          kind: 'instalment_due',
          ...dueSoon(i, days),
          link: noticeLinks.schedule('repayments', i.agreement_id),
        },
        origin,
      ),
    );
  }
  for (const i of dueToday) {
    keep(
      await notifyWithSms(
        trx,
        {
          userId: i.owner_id,
          kind: 'instalment_due',
          ...dueTodayWords(i),
          link: noticeLinks.schedule('repayments', i.agreement_id),
        },
        origin,
      ),
    );
  }
  return { summary: `reminded ${countOf(soon.length, 'instalment')} due soon, ${countOf(dueToday.length, 'instalment')} due today`, messages };
}

/** Tells the owner and the investor of each instalment just marked overdue (by mark-overdue, once per instalment). */
export async function tellOverdue(trx: Transaction<DB>, ids: string[], config: Config): Promise<SmsMessage[]> {
  const origin = noticeSite(config);
  const messages: SmsMessage[] = [];
  // A thousand at a time: a backlog (a long outage) must not exceed a statement's parameters.
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await trx
      .selectFrom('instalments as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .select(['i.id', 'i.seq', 'i.amount', 'i.due_on', 'i.owner_id', 'i.investor_id', 'i.agreement_id', 'p.title'])
      .where('i.id', 'in', ids.slice(start, start + 1000))
      .orderBy('i.due_on')
      .orderBy('i.id')
      .execute();
    for (const i of rows) {
      const words = overdue(i, config);
      const owner = await notifyWithSms(
        trx,
        { userId: i.owner_id, kind: 'instalment_due', title: words.title, text: words.owner, link: noticeLinks.schedule('repayments', i.agreement_id) },
        origin,
      );
      const investor = await notifyWithSms(
        trx,
        { userId: i.investor_id, kind: 'instalment_due', title: words.title, text: words.investor, link: noticeLinks.schedule('returns', i.agreement_id) },
        origin,
      );
      for (const m of [owner, investor]) if (m) messages.push(m);
    }
  }
  return messages;
}
