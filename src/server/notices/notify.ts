/**
 * Writes a notice for a person inside the caller's transaction, and queues its e-mail unless they turned that kind
 * off. Nothing is sent here: the mailer delivers the outbox after commit, so a rollback takes both back with it.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { NoticeKind } from '../../shared/notices/kinds';
import { formatMoney } from '../../shared/domain/money';

export interface NoticeInput {
  userId: string;
  kind: NoticeKind;
  title: string;
  text: string;
  /** A path in the site (e.g. /dashboard/projects), turned into a full address in the e-mail when PUBLIC_URL is set. */
  link?: string;
}

export async function notify(trx: Transaction<DB>, notice: NoticeInput, publicUrl?: string): Promise<void> {
  const created = await trx
    .insertInto('notices')
    .values({ user_id: notice.userId, kind: notice.kind, title: notice.title, text: notice.text, link: notice.link ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await trx
    .selectFrom('users')
    .leftJoin('notice_preferences as np', (j) => j.onRef('np.user_id', '=', 'users.id').on('np.kind', '=', notice.kind))
    .select(['users.email', 'np.kind as off'])
    .where('users.id', '=', notice.userId)
    .executeTakeFirst();
  if (!user || user.off !== null) return;
  const link = notice.link ? `\n\n${publicUrl ?? ''}${notice.link}` : '';
  await trx
    .insertInto('email_outbox')
    .values({
      notice_id: created.id,
      to_email: user.email,
      subject: `Halal Fund: ${notice.title}`,
      text: `${notice.text}${link}\n\nYou can turn these e-mails off in Settings.`,
      next_attempt_at: new Date(),
    })
    .execute();
}

/** A confirmed donation (by staff or by the payment gateway): its donor, if signed in when pledging, is told. */
export async function notifyDonationConfirmed(trx: Transaction<DB>, donationId: string, publicUrl?: string): Promise<void> {
  const d = await trx
    .selectFrom('donations as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select(['d.donor_id', 'd.amount', 'd.reference', 'p.title'])
    .where('d.id', '=', donationId)
    .executeTakeFirstOrThrow();
  if (!d.donor_id) return;
  await notify(
    trx,
    {
      userId: d.donor_id,
      kind: 'donation_confirmed',
      title: `Your donation ${d.reference} is confirmed`,
      text: `Your donation of ${formatMoney(d.amount)} to "${d.title}" arrived and is confirmed. Thank you.`,
      link: '/dashboard/history',
    },
    publicUrl,
  );
}
