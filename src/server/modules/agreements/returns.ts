/**
 * Murabaha repayments: the instalments of accepted agreements. The owner marks one paid, saying how (the
 * instalment-paid form: bKash, Nagad, bank transfer, cheque… and its reference), the investor reads that and confirms
 * receipt; `due → paid → confirmed`, each step by its own party only, each a conditional update, each audited.
 */
import type { FastifyInstance } from 'fastify';
import type { InstalmentPaidForm } from '../../../shared/generated/form-types';
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { Language } from '../../../shared/i18n/language';
import type { RepaymentRecordView } from '../../../shared/api/repayment-record';
import { conflict, notFound } from '../../errors';
import { audit } from '../../audit';
import { noticeLinks, noticeSite, notify, say } from '../notices/service';
import { visibleProject } from '../projects/service';
import type { SessionUser } from '../../plugins/auth';
import { sumAmounts, formatMoney } from '../../../shared/domain/money';
import { formatNumber } from '../../../shared/format/money';
import { dhakaDate, dhakaToday, type CalendarDate } from '../../../shared/format/dhaka-calendar';
import { chargeOfInstalment, chargesOfInstalments, chargesOfOwner } from './queries/late-charges';
import { instalmentParty, instalmentRow, projectTitle, repaymentCounts, schedulePage, statusSums, stepInstalment, type Party } from './queries/instalments';
import { clearDefaults, fixLateCharge } from './late-payments';
import { chargeAmount, instalmentView, lateChargeView } from './views';
import type { ScheduleQuery } from './schemas';

/** An owner's late charges for charity: owing (accruing to today, and fixed but not yet received) and settled. */
async function lateChargeTotals(app: FastifyInstance, ownerId: string, agreement: string | undefined, today: CalendarDate) {
  const rows = await chargesOfOwner(app.db, ownerId, agreement);
  const owing = rows.filter((c) => c.status !== 'settled');
  return {
    owing: sumAmounts(owing.map((c) => chargeAmount(c, today))),
    settled: sumAmounts(rows.filter((c) => c.status === 'settled').map((c) => c.amount!)),
    count: owing.length,
  };
}

/**
 * A person's instalments (as owner or investor), soonest due first, a page at a time; the totals and the count are
 * of all of them, not of the page. The owner's carry their late charges for charity.
 */
export async function scheduleOf(app: FastifyInstance, column: Party, userId: string, { cursor, limit, agreement }: ScheduleQuery) {
  const { shown, nextCursor } = await schedulePage(app.db, column, userId, cursor, limit, agreement);
  const byStatus = await statusSums(app.db, column, userId, agreement);
  const of = (status?: string) => byStatus.filter((s) => !status || s.status === status);
  const total = (status?: string) => sumAmounts(of(status).map((s) => s.amount));
  const count = (status?: string) => of(status).reduce((n, s) => n + Number(s.count), 0);
  const owner = column === 'owner_id';
  const today = dhakaToday(app.now());
  // The owner's late charges for charity: on each instalment shown, and what is owed and settled in all.
  const charges = owner && shown.length ? await chargesOfInstalments(app.db, shown.map((r) => r.id)) : [];
  const chargeOf = new Map(charges.map((c) => [c.instalment_id, lateChargeView(c, today)]));
  return {
    items: shown.map((r) => instalmentView(r, owner ? (chargeOf.get(r.id) ?? null) : undefined)),
    nextCursor,
    count: count(),
    /** `paid` is paid and awaiting the investor's confirmation; `confirmed` is received and confirmed. */
    totals: { scheduled: total(), due: total('due'), paid: total('paid'), confirmed: total('confirmed') },
    counts: { scheduled: count(), due: count('due'), paid: count('paid'), confirmed: count('confirmed') },
    ...(owner ? { lateCharges: await lateChargeTotals(app, userId, agreement, today) } : {}),
  };
}

/** The label a choice has in the form version the answer was validated with (`oneOf` const/title), else the value. */
function choiceTitle(schema: JsonSchema | null, field: string, value: string): string {
  const options = (schema?.properties as Record<string, { oneOf?: { const?: unknown; title?: string }[] }> | undefined)?.[field]?.oneOf ?? [];
  return options.find((o) => o.const === value)?.title ?? value;
}

type Payment = { doc: InstalmentPaidForm; version: number; text: string };

/**
 * One step of an instalment, by its party only, as a conditional update: `due → paid` (with how it was paid) or
 * `paid → confirmed`. The other party is told, the step is audited, in the same transaction. Anyone else gets 404.
 */
async function step(app: FastifyInstance, id: string, userId: string, party: Party, from: 'due' | 'paid', to: 'paid' | 'confirmed', payment?: Payment) {
  const now = app.now();
  const updated = await app.db.transaction().execute(async (trx) => {
    const row = await stepInstalment(
      trx, id, userId, party, from,
      to === 'paid' ? { status: 'paid', paid_at: now, payment: JSON.stringify(payment!.doc), payment_form_version: payment!.version } : { status: 'confirmed', confirmed_at: now },
    );
    if (!row) return undefined;
    const project = await projectTitle(trx, row.project_id);
    const amount = formatMoney(row.amount);
    const seq = (l: Language) => formatNumber(row.seq, l);
    await audit(trx, { actorId: userId, action: to === 'paid' ? 'instalment.pay' : 'instalment.confirm', subjectType: 'instalment', subjectId: row.id, before: from, after: to, note: payment?.text ?? null });
    if (to === 'paid') {
      // A late charge stops accruing on the day it is marked paid; with no overdue instalment left, no default.
      const paidOn = dhakaDate(now);
      await fixLateCharge(trx, row, paidOn, app.config);
      await clearDefaults(trx, paidOn, userId, row.agreement_id);
    }
    // The other party is told: the investor that money was paid (and how), the owner that its receipt was confirmed.
    await notify(
      trx,
      to === 'paid'
        ? {
            userId: row.investor_id,
            kind: 'instalment_paid',
            title: say((l) => (l === 'bn' ? `"${project.title}" প্রকল্পের ${seq(l)} নম্বর কিস্তি পরিশোধ করা হয়েছে` : `Instalment ${row.seq} of "${project.title}" is paid`)),
            text: say((l) =>
              l === 'bn'
                ? `মালিক ${seq(l)} নম্বর কিস্তি (${formatMoney(row.amount, l)}) পরিশোধিত হিসেবে চিহ্নিত করেছেন: ${payment!.text}। টাকা পৌঁছালে তা নিশ্চিত করুন।`
                : `The owner marked instalment ${row.seq} (${amount}) paid: ${payment!.text}. Confirm it when the money arrives.`,
            ),
            link: noticeLinks.schedule('returns', row.agreement_id),
          }
        : {
            userId: row.owner_id,
            kind: 'instalment_confirmed',
            title: say((l) => (l === 'bn' ? `"${project.title}" প্রকল্পের ${seq(l)} নম্বর কিস্তি নিশ্চিত হয়েছে` : `Instalment ${row.seq} of "${project.title}" is confirmed`)),
            text: say((l) =>
              l === 'bn' ? `বিনিয়োগকারী ${seq(l)} নম্বর কিস্তি (${formatMoney(row.amount, l)}) পাওয়ার কথা নিশ্চিত করেছেন।` : `The investor confirmed receiving instalment ${row.seq} (${amount}).`,
            ),
            link: noticeLinks.schedule('repayments', row.agreement_id),
          },
      noticeSite(app.config),
    );
    // The answer is read in the transaction: a step that committed is never answered with an error. The owner's view
    // carries what they owe to charity for paying late (never the investor's).
    const view = await instalmentRow(trx, row.id);
    if (party !== 'owner_id') return instalmentView(view);
    const charge = await chargeOfInstalment(trx, row.id);
    return instalmentView(view, charge ? lateChargeView(charge, dhakaToday(now)) : null);
  });
  if (updated) app.mail.kick();
  if (!updated) {
    const existing = await instalmentParty(app.db, id, party);
    if (!existing || existing[party] !== userId) throw notFound('This instalment');
    throw conflict(
      to === 'paid'
        ? `This instalment is already ${existing.status}.`
        : existing.status === 'due'
          ? 'The owner has not marked this instalment paid yet.'
          : 'This instalment is already confirmed.',
    );
  }
  return updated;
}

/**
 * The owner marks an instalment paid with the instalment-paid form (validated with `form`): stored trimmed (a
 * transaction ID pasted from an SMS often carries a space); an empty optional reference is left out.
 */
export function markPaid(app: FastifyInstance, id: string, me: SessionUser, body: InstalmentPaidForm, form: { schema: JsonSchema | null; version: number }) {
  const { reference: typed, ...rest } = body;
  const reference = typed?.trim();
  const doc: InstalmentPaidForm = reference ? { ...rest, reference } : rest;
  const method = choiceTitle(form.schema, 'method', doc.method);
  const text = doc.reference ? `${method}, reference ${doc.reference}` : method;
  return step(app, id, me.id, 'owner_id', 'due', 'paid', { doc, version: form.version, text });
}

/** The investor confirms receipt. */
export const confirmReceived = (app: FastifyInstance, id: string, me: SessionUser) => step(app, id, me.id, 'investor_id', 'paid', 'confirmed');

/**
 * An owner's repayment record, shown to future investors on each of the owner's project pages: counts only, no
 * person named. Over every instalment of every agreement the owner accepted:
 * - on time: marked paid by the end of its due date (Dhaka), late: marked paid after it;
 * - overdue: not paid after its due date, in an agreement not in default; in default: not paid, in an agreement in
 *   default (DEFAULT_AFTER_DAYS).
 * Instalments not yet due are not counted, except as `upcoming`.
 */
export async function repaymentRecord(app: FastifyInstance, projectId: string, viewer: SessionUser | null): Promise<RepaymentRecordView> {
  const { row: project } = await visibleProject(app.db, projectId, viewer);
  const row = await repaymentCounts(app.db, project.owner_id, dhakaToday(app.now()));
  return {
    onTime: Number(row.on_time),
    late: Number(row.late),
    overdue: Number(row.overdue),
    inDefault: Number(row.in_default),
    upcoming: Number(row.upcoming),
    agreementsInDefault: Number(row.agreements_in_default),
    defaultAfterDays: app.config.defaultAfterDays,
  };
}
