/**
 * Next steps (the dashboard's what-to-do-next): what is waiting for the signed-in user, each item with a count and a
 * link to the screen where it is done — proposals to decide, instalments to pay or confirm, a verification to finish
 * or correct, a saved project draft, pledges not yet paid, recent acceptances of the user's agreement requests —
 * plus, for staff, the sizes of their three queues. A read across the domains, cheap on their indexes (queries.ts).
 * The one file other modules import.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import type { NextStepsAnswer } from '../../../shared/api/views';
import { currentVerification, instalmentsToConfirm, instalmentsToPay, profileName, projectDraft, proposalsToDecide, recentAcceptances, staffQueueSizes, unpaidPledges } from './queries';
import { nextStepIn, staffQueueIn } from '../../i18n/next-step-words';
import type { Language } from '../../../shared/i18n/language';
import { acceptedItems, draftItems, pledgeItems, proposalItems, staffQueues, toConfirmItems, toPayItems, verificationItems } from './views';

/** How far back an acceptance still counts as news for the investor. */
export const RECENT_ACCEPTANCE_DAYS = 14;

/**
 * What waits for the person, in the screen's order, and for staff the sizes of their queues, said in `language` (the
 * names people typed kept).
 */
export async function nextSteps(db: Kysely<DB>, me: SessionUser, language: Language = 'en'): Promise<NextStepsAnswer> {
  const name = await profileName(db, me.id);
  const items = [
    ...proposalItems(await proposalsToDecide(db, me.id)),
    ...toPayItems(await instalmentsToPay(db, me.id)),
    ...toConfirmItems(await instalmentsToConfirm(db, me.id)),
    ...verificationItems(await currentVerification(db, me.id)),
    ...draftItems(await projectDraft(db, me.id)),
    ...pledgeItems(await unpaidPledges(db, me.id)),
    ...acceptedItems(await recentAcceptances(db, me.id, RECENT_ACCEPTANCE_DAYS)),
  ];
  const staff = me.isStaff ? staffQueues(await staffQueueSizes(db)) : null;
  return { name: name?.trim() || me.email, items: items.map((i) => nextStepIn(i, language)), staff: staff?.map((q) => staffQueueIn(q, language)) ?? null };
}
