/**
 * `GET /me/next-steps`: what is waiting for the signed-in user, each item with a count and a link to the screen where
 * it is done — proposals to decide, instalments to pay or confirm, a verification to finish or correct, a saved
 * project draft, pledges not yet paid, recent acceptances of the user's agreement requests — plus, for staff, the
 * sizes of their three queues. Every query starts from an indexed column of the user (owner_id, investor_id,
 * donor_id, user_id) or a queue's partial/status index, so the answer stays cheap as the tables grow.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { currentUser } from '../plugins/auth';
import { formatMoney, fromPaisa, toPaisa } from '../../shared/domain/money';
import { countOf } from '../../shared/format/count';
import { formatDate } from '../../shared/format/dates';
import type { NextStep } from '../../shared/api/views';
import { arrayOf, integer, object, string, stringOrNull } from './schemas';
import { nextStepIn, staffQueueIn } from '../i18n/next-step-words';

/** How far back an acceptance still counts as news for the investor. */
export const RECENT_ACCEPTANCE_DAYS = 14;

const money = (v: string | null | undefined) => fromPaisa(toPaisa(v ?? '0'));

/** The schema of the answer (NextStepsAnswer). */
const nextStepsSchema = object({
  name: string,
  items: arrayOf(
    object(
      {
        kind: { type: 'string', enum: ['proposals', 'instalments-to-pay', 'instalments-to-confirm', 'verification', 'project-draft', 'pledge', 'accepted'] },
        count: integer,
        text: string,
        link: string,
        amount: { ...string, description: 'Taka as a decimal string.' },
        date: { ...string, description: 'A day (YYYY-MM-DD) or a moment (ISO 8601).' },
        reference: { ...stringOrNull, description: "A pledge's payment reference." },
      },
      ['amount', 'date', 'reference'],
    ),
  ),
  staff: {
    type: ['array', 'null'],
    items: object({ id: { type: 'string', enum: ['verifications', 'projects', 'donations'] }, label: string, count: integer, link: string }),
    description: 'For staff, the sizes of their queues; null for everyone else.',
  },
});

export default async function nextStepRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/me/next-steps',
    {
      schema: { tags: ['dashboard'], security: [{ bearer: [] }], description: 'What is waiting for the signed-in user, with counts and links.', response: { 200: nextStepsSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const me = currentUser(request);
      const items: NextStep[] = [];

      const profile = await app.db.selectFrom('profiles').select('name').where('user_id', '=', me.id).executeTakeFirst();

      // Proposals to decide: pending requests on my projects, one item per project (the decision screen is per project).
      const proposals = await app.db
        .selectFrom('projects as p')
        .innerJoin('agreement_requests as a', (j) => j.onRef('a.project_id', '=', 'p.id').on('a.status', '=', 'pending'))
        .select(['p.id', 'p.title', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('a.amount').as('total')])
        .where('p.owner_id', '=', me.id)
        .groupBy(['p.id', 'p.title'])
        .orderBy('p.title')
        .execute();
      for (const p of proposals) {
        const n = Number(p.n);
        items.push({
          kind: 'proposals',
          count: n,
          amount: money(p.total),
          text: `${countOf(n, 'agreement request')} to decide on “${p.title}”`,
          link: `/agreementRequest?project=${p.id}`,
        });
      }

      const toPay = await app.db
        .selectFrom('instalments')
        .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.min('due_on').as('next')])
        .where('owner_id', '=', me.id)
        .where('status', '=', 'due')
        .executeTakeFirst();
      if (Number(toPay?.n ?? 0) > 0) {
        const n = Number(toPay!.n);
        const next = String(toPay!.next).slice(0, 10);
        items.push({ kind: 'instalments-to-pay', count: n, date: next, text: `${countOf(n, 'instalment')} to repay, the next due on ${formatDate(next)}`, link: '/dashboard/returns?view=repayments' });
      }

      const toConfirm = await app.db
        .selectFrom('instalments')
        .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('amount').as('total')])
        .where('investor_id', '=', me.id)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      if (Number(toConfirm?.n ?? 0) > 0) {
        const n = Number(toConfirm!.n);
        const total = money(toConfirm!.total);
        items.push({ kind: 'instalments-to-confirm', count: n, amount: total, text: `${countOf(n, 'paid instalment')} (${formatMoney(total)}) to confirm you received`, link: '/dashboard/returns?view=returns' });
      }

      const verification = await app.db
        .selectFrom('verifications')
        .select(['status', 'staff_note'])
        .where('user_id', '=', me.id)
        .where('superseded_at', 'is', null)
        .executeTakeFirst();
      if (!verification) {
        items.push({ kind: 'verification', count: 1, text: 'Verify your identity: it is needed before you raise funds', link: '/BasicInfoEdit/verified' });
      } else if (verification.status === 'rejected') {
        const note = verification.staff_note ? `: ${verification.staff_note}` : '';
        items.push({ kind: 'verification', count: 1, text: `Correct your identity verification — staff rejected it${note}`, link: '/BasicInfoEdit/verified' });
      }

      const draft = await app.db.selectFrom('drafts').select('updated_at').where('user_id', '=', me.id).where('form_id', '=', 'project-owner').executeTakeFirst();
      if (draft) {
        items.push({ kind: 'project-draft', count: 1, date: draft.updated_at.toISOString(), text: 'Finish the project you started', link: '/EditProjects/projectOwnerInfo' });
      }

      const pledges = await app.db
        .selectFrom('donations as d')
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .selectAll('d')
        .select('p.title')
        .where('d.donor_id', '=', me.id)
        .where('d.status', '=', 'pledged')
        .orderBy('d.created_at', 'desc')
        .limit(20)
        .execute();
      for (const d of pledges) {
        items.push({
          kind: 'pledge',
          count: 1,
          amount: money(d.amount),
          date: d.created_at.toISOString(),
          reference: d.reference,
          text: `Pay your pledge of ${formatMoney(d.amount)} to “${d.title}” (${d.payment_method})`,
          // The receipt says how to pay this method, with the reference to quote.
          link: `/donations/receipt?id=${d.id}`,
        });
      }

      const accepted = await app.db
        .selectFrom('agreement_requests as a')
        .innerJoin('projects as p', 'p.id', 'a.project_id')
        .select(['a.id', 'a.amount', 'a.decided_at', 'p.title'])
        .where('a.investor_id', '=', me.id)
        .where('a.status', '=', 'accepted')
        .where('a.decided_at', '>', sql<Date>`now() - make_interval(days => ${RECENT_ACCEPTANCE_DAYS})`)
        .orderBy('a.decided_at', 'desc')
        .limit(20)
        .execute();
      for (const a of accepted) {
        items.push({
          kind: 'accepted',
          count: 1,
          amount: money(a.amount),
          date: a.decided_at!.toISOString(),
          text: `“${a.title}” accepted your agreement request of ${formatMoney(a.amount)}: see your returns`,
          link: `/dashboard/returns?view=returns&agreement=${a.id}`,
        });
      }

      let staff: { id: 'verifications' | 'projects' | 'donations'; label: string; count: number; link: string }[] | null = null;
      if (me.isStaff) {
        const q = await sql<{ verifications: string; projects: string; donations: string }>`
          SELECT
            (SELECT count(*) FROM verifications WHERE status = 'submitted' AND superseded_at IS NULL) AS verifications,
            (SELECT count(*) FROM projects WHERE status = 'pending_review') AS projects,
            (SELECT count(*) FROM donations WHERE status = 'pledged') AS donations`.execute(app.db);
        const row = q.rows[0]!;
        staff = [
          { id: 'verifications', label: 'Verifications to review', count: Number(row.verifications), link: '/dashboard/staff/verifications' },
          { id: 'projects', label: 'Projects to review', count: Number(row.projects), link: '/dashboard/staff/projects' },
          { id: 'donations', label: 'Donations to confirm', count: Number(row.donations), link: '/dashboard/staff/donations' },
        ];
      }

      // Said in the reader's language (the names people typed kept).
      const language = request.language;
      return { name: profile?.name?.trim() || me.email, items: items.map((i) => nextStepIn(i, language)), staff: staff?.map((q) => staffQueueIn(q, language)) ?? null };
    },
  );
}
