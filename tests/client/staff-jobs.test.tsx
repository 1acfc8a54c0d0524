// @vitest-environment jsdom
/** Staff see each scheduled job with its last run: when, whether it went well, and what it did or why it failed. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StaffJobsPage from '../../src/client/features/staff/StaffJobsPage';
import { api } from '../../src/client/lib/api';
import { PageLanguageContext } from '../../src/client/lib/page-language';
import { ScreenWordsContext } from '../../src/client/lib/words';
import sharedBn from '../../src/client/config/i18n/words.bn.json';
import staffBn from '../../src/client/features/staff/words.bn.json';

describe('StaffJobsPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists every job with its last run, its result, and a failure with its reason', async () => {
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path !== '/staff/jobs') throw new Error(`unexpected GET ${path}`);
      return {
        items: [
          { name: 'close-campaigns', schedule: '*/15 * * * * *', description: 'Closes campaigns whose end date has passed.', lastRun: { startedAt: '2026-11-23T11:39:00Z', finishedAt: '2026-11-23T11:39:00Z', ok: true, result: 'closed 2 campaigns' } },
          { name: 'purge', schedule: '0 17 3 * * *', description: 'Removes expired sessions.', lastRun: { startedAt: '2026-11-23T03:17:00Z', finishedAt: '2026-11-23T03:17:01Z', ok: false, result: 'failed: connection refused' } },
          { name: 'pledges', schedule: '0 5 * * * *', description: 'Reminds donors.', lastRun: null },
        ],
      } as never;
    });
    render(<StaffJobsPage />);
    const table = await screen.findByRole('table', { name: 'Scheduled jobs' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('close-campaigns');
    expect(rows[1]).toHaveTextContent('23 Nov 2026, 17:39');
    expect(rows[1]).toHaveTextContent('OKclosed 2 campaigns');
    expect(rows[2]).toHaveTextContent('Failedfailed: connection refused');
    expect(rows[3]).toHaveTextContent('Not run yet');
  });

  it('runs a job now and says what it did in its row, or why it did not run', async () => {
    let lastRun: { startedAt: string; finishedAt: string; ok: boolean; result: string } | null = null;
    vi.spyOn(api, 'get').mockImplementation(async () => ({ items: [{ name: 'late-payments', schedule: '0 20 * * * *', description: 'Opens late charges.', lastRun }, { name: 'purge', schedule: '0 17 3 * * *', description: 'Removes expired sessions.', lastRun: null }] }) as never);
    const post = vi.spyOn(api, 'post').mockImplementation(async (path: string) => {
      if (path === '/staff/jobs/purge/run') throw Object.assign(new Error('The job purge did not run: another process is running it. Try again in a moment.'), { status: 409 });
      lastRun = { startedAt: '2026-11-23T11:40:00Z', finishedAt: '2026-11-23T11:40:01Z', ok: true, result: 'opened 2 late charges' };
      return { name: 'late-payments', ok: true, summary: 'opened 2 late charges' } as never;
    });
    render(<StaffJobsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Run late-payments now' }));
    expect(post).toHaveBeenCalledWith('/staff/jobs/late-payments/run');
    expect(await screen.findByRole('status')).toHaveTextContent('Ran now: opened 2 late charges');
    const rows = within(screen.getByRole('table', { name: 'Scheduled jobs' })).getAllByRole('row');
    await waitFor(() => expect(rows[1]).toHaveTextContent('23 Nov 2026, 17:40'));

    await userEvent.click(screen.getByRole('button', { name: 'Run purge now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Not run: The job purge did not run: another process is running it.');
    expect(screen.getByRole('button', { name: 'Run purge now' })).toBeEnabled();
  });

  it('says it all in Bengali on a Bengali page: headings, descriptions, dates, states and the button', async () => {
    vi.spyOn(api, 'get').mockImplementation(
      async () =>
        ({
          items: [
            { name: 'close-campaigns', schedule: '*/15 * * * * *', description: 'Closes campaigns whose end date has passed.', lastRun: { startedAt: '2026-11-23T11:39:00Z', finishedAt: '2026-11-23T11:39:00Z', ok: true, result: 'closed 2 campaigns' } },
            { name: 'pledges', schedule: '0 5 * * * *', description: 'Reminds donors of unpaid pledges, then expires them.', lastRun: null },
          ],
        }) as never,
    );
    render(
      <PageLanguageContext.Provider value="bn">
        <ScreenWordsContext.Provider value={{ ...sharedBn, ...staffBn }}>
          <StaffJobsPage />
        </ScreenWordsContext.Provider>
      </PageLanguageContext.Provider>,
    );
    const table = await screen.findByRole('table', { name: 'নির্ধারিত কাজ' });
    expect(within(table).getByRole('columnheader', { name: 'শেষবার চলেছে' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('শেষ তারিখ পেরিয়ে যাওয়া ক্যাম্পেইন বন্ধ করে।');
    expect(rows[1]).toHaveTextContent('২৩ নভেম্বর ২০২৬, ১৭:৩৯');
    expect(rows[1]).toHaveTextContent('ঠিক আছে');
    expect(rows[2]).toHaveTextContent('অপরিশোধিত অঙ্গীকারের কথা দাতাদের মনে করিয়ে দেয়, তারপর মেয়াদোত্তীর্ণ করে।');
    expect(rows[2]).toHaveTextContent('এখনো চলেনি');
    expect(within(rows[2]!).getByRole('button', { name: 'pledges এখনই চালান' })).toHaveTextContent('এখনই চালান');
  });
});
