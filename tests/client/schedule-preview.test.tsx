// @vitest-environment jsdom
/**
 * The repayment preview counts from today's date in Dhaka, as the server will when the owner accepts, whatever the
 * reader's computer is set to: in New York at 15:30 on 26 Nov (20:30 UTC, 02:30 on the 27th in Dhaka) the first
 * instalment falls on 27 Dec, and a minute before Dhaka's midnight (17:59 UTC) on 26 Dec.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import SchedulePreview from '../../src/client/features/forms/panels/SchedulePreview';
import { sampleProject } from './project-fixture';

const ORIGINAL_TZ = process.env.TZ;

describe('the repayment preview in another time zone', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  afterAll(() => {
    if (ORIGINAL_TZ === undefined) delete process.env.TZ;
    else process.env.TZ = ORIGINAL_TZ;
  });

  const firstDue = () => within(screen.getByRole('table', { name: 'Repayment preview' })).getAllByRole('row')[1]!.textContent;

  it.each([
    ['2026-11-26T20:30:00Z', '127 Dec 2026৳16,814.28'],
    ['2026-11-26T17:59:00Z', '126 Dec 2026৳16,814.28'],
  ])('at %s counts from the Dhaka date', (at, row) => {
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
    expect(new Date().getDate()).toBe(26); // the computer's own calendar says the 26th either way
    render(<SchedulePreview project={sampleProject} amount={100_000} investmentType="Halal Way" />);
    expect(firstDue()).toBe(row);
  });
});
