/** The projects module's scheduled work (registered with the job runner in src/server/jobs). */
import type { TaskContext, TaskResult } from '../../jobs/tasks';
import { jobWords } from '../../jobs/words';
import { noticeSite } from '../notices/service';
import { closeEnded } from './service';

/** Campaigns whose end date has passed: open or funded → closed, audited as the system. */
export async function closeCampaigns({ trx, now, config }: TaskContext): Promise<TaskResult> {
  return { words: jobWords('closed', { campaigns: await closeEnded(trx, now, noticeSite(config)) }) };
}
