/**
 * The agreements' work on a clock (registered with the job runner, src/server/jobs): instalments marked overdue,
 * reminders before and on the due date, late charges and default, and the documents of agreements accepted before
 * documents existed. Each runs in the runner's transaction and returns its messages, sent after commit.
 * Telling people about instalments (DOMAIN.md "Late payments"): each notice is an in-app notice of the kind
 * `instalment_due`, its e-mail and its SMS (per the person's Settings), and each is sent once: the row is claimed by
 * a conditional update (reminded_*_at, overdue_at) in the job's transaction.
 */
import type { TaskContext, TaskResult } from '../../jobs/tasks';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Transaction } from 'kysely';
import type { SmsMessage } from '../../sms';
import { jobWords } from '../../jobs/words';
import { addDays, daysBetween, dhakaToday } from '../../../shared/format/dhaka-calendar';
import { noticeLinks, noticeSite, notifyWithSms } from '../notices/service';
import { claimReminders, markOverdueBefore, namedInstalments } from './queries/instalments';
import { doneWaiting, waitingForDocuments } from './queries/documents';
import { createAgreementDocument } from './documents';
import { clearDefaults, markDefaults, openLateCharges } from './late-payments';
import { dueSoon, dueToday as dueTodayWords, overdue } from './late-payment-words';

/** The owner's first reminder comes this many days before the due date. */
export const REMIND_DAYS_BEFORE = 3;

/** Reminders to owners: instalments due within REMIND_DAYS_BEFORE days, and those due today; each kind once. */
export async function remindInstalments({ trx, now, config }: TaskContext): Promise<TaskResult> {
  const today = dhakaToday(now);
  const origin = noticeSite(config);
  const soon = await claimReminders(trx, 'reminded_before_at', addDays(today, 1), addDays(today, REMIND_DAYS_BEFORE), now);
  const dueToday = await claimReminders(trx, 'reminded_due_at', today, today, now);
  const messages: SmsMessage[] = [];
  const keep = (m: SmsMessage | null) => m && messages.push(m);
  for (const i of soon) {
    const link = noticeLinks.schedule('repayments', i.agreement_id);
    keep(await notifyWithSms(trx, { userId: i.owner_id, kind: 'instalment_due', ...dueSoon(i, daysBetween(today, i.due_on)), link }, origin));
  }
  for (const i of dueToday) {
    keep(await notifyWithSms(trx, { userId: i.owner_id, kind: 'instalment_due', ...dueTodayWords(i), link: noticeLinks.schedule('repayments', i.agreement_id) }, origin));
  }
  return { words: jobWords('reminders', { soon: soon.length, today: dueToday.length }), messages };
}

/** Tells the owner and the investor of each instalment just marked overdue (by mark-overdue, once per instalment). */
async function tellOverdue(trx: Transaction<DB>, ids: string[], config: Config): Promise<SmsMessage[]> {
  const origin = noticeSite(config);
  const messages: SmsMessage[] = [];
  // A thousand at a time: a backlog (a long outage) must not exceed a statement's parameters.
  for (let start = 0; start < ids.length; start += 1000) {
    for (const i of await namedInstalments(trx, ids.slice(start, start + 1000))) {
      const words = overdue(i, config);
      const owner = await notifyWithSms(trx, { userId: i.owner_id, kind: 'instalment_due', title: words.title, text: words.owner, link: noticeLinks.schedule('repayments', i.agreement_id) }, origin);
      const investor = await notifyWithSms(trx, { userId: i.investor_id, kind: 'instalment_due', title: words.title, text: words.investor, link: noticeLinks.schedule('returns', i.agreement_id) }, origin);
      for (const m of [owner, investor]) if (m) messages.push(m);
    }
  }
  return messages;
}

/**
 * Instalments still due after their due date (Dhaka time) are marked overdue, once; the owner and the investor of
 * each are told then (notice, e-mail, SMS per their Settings).
 */
export async function markOverdue({ trx, now, config }: TaskContext): Promise<TaskResult> {
  const marked = await markOverdueBefore(trx, dhakaToday(now), now);
  const messages = await tellOverdue(trx, marked.map((r) => r.id), config);
  return { words: jobWords('overdue', { instalments: marked.length }), messages };
}

/** Late charges opened past the grace period, and agreements moved into or out of default. */
export async function latePayments({ trx, now, config }: TaskContext): Promise<TaskResult> {
  const today = dhakaToday(now);
  const origin = noticeSite(config);
  const opened = await openLateCharges(trx, today, config, origin);
  const defaults = await markDefaults(trx, now, today, config, origin);
  const cleared = await clearDefaults(trx, today, null);
  return {
    words: jobWords('latePayments', { charges: opened, intoDefault: defaults.count, outOfDefault: cleared }),
    messages: defaults.messages,
  };
}

/** How many older agreements get their document per run: each is a PDF drawn inside the job's transaction. */
const DOCUMENTS_PER_RUN = 50;

/**
 * Agreements accepted before agreement documents existed (listed by migration 020) get theirs, made by the code that
 * makes new ones, from their acceptance time and stored schedule; a few per run, so no run holds its lock for long.
 */
export async function makeAgreementDocuments({ trx }: TaskContext): Promise<TaskResult> {
  let made = 0;
  for (const a of await waitingForDocuments(trx, DOCUMENTS_PER_RUN)) {
    if (await createAgreementDocument(trx, a.id, a.decided_at ?? a.created_at)) made++;
    await doneWaiting(trx, a.id);
  }
  return { words: jobWords('documents', { made }) };
}
