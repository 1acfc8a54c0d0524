// @vitest-environment jsdom
/**
 * Four eyes in the studio (issue 31 §6), as staff see it: another staff member gets Approve and Return-with-note (a
 * return needs its note; the server's refusal is shown), the author sees that their version waits and, when it comes
 * back, the note; nothing shows when the newest version is live.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PendingApproval from '../../src/client/features/studio/PendingApproval';
import { ApiError } from '../../src/client/lib/api';
import type { VersionDecision } from '../../src/client/lib/forms-api';

afterEach(cleanup);

const version = (over: Partial<VersionDecision>): VersionDecision => ({
  version: 3,
  note: 'Ask for a promo code',
  publishedBy: 'nadia@example.com',
  publishedAt: '2026-11-27T09:00:00Z',
  mine: false,
  status: 'pending_approval',
  baseVersion: 2,
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  ...over,
});
const live = version({ version: 2, status: 'live', note: 'Before' });

function renderWith(newest: VersionDecision, decide = vi.fn(async () => ({}))) {
  const onDecided = vi.fn();
  const load = vi.fn(async () => []);
  const onContinue = vi.fn();
  const view = render(<PendingApproval versions={[newest, live]} live={2} load={load} decide={decide} onDecided={onDecided} onContinue={onContinue} />);
  return { ...view, decide, onDecided, load, onContinue };
}

describe('a version waiting for approval', () => {
  it('another staff member returns it only with a note, or approves it', async () => {
    const user = userEvent.setup();
    const { decide, onDecided, load } = renderWith(version({}));
    const region = screen.getByRole('region', { name: 'Waiting for approval' });
    within(region).getByRole('heading', { name: 'Version 3 is waiting for your approval' });
    expect(region).toHaveTextContent('Until then version 2 stays live. Note: “Ask for a promo code”');
    expect(load).toHaveBeenCalledWith(3);
    await user.click(within(region).getByRole('button', { name: 'Return with note' }));
    await screen.findByText('Say what should change: the author reads this');
    expect(decide).not.toHaveBeenCalled();
    await user.type(within(region).getByLabelText('Note (required to return it)'), 'Title typo');
    await user.click(within(region).getByRole('button', { name: 'Return with note' }));
    expect(decide).toHaveBeenCalledWith(3, false, 'Title typo');
    expect(onDecided).toHaveBeenCalledWith(3, false);
    await user.click(within(region).getByRole('button', { name: 'Approve' }));
    expect(decide).toHaveBeenLastCalledWith(3, true, 'Title typo');
  });

  it("shows the server's refusal (a stale version)", async () => {
    const user = userEvent.setup();
    const decide = vi.fn(async () => {
      throw new ApiError(409, 'Version 3 was made from version 2, but version 4 has gone live since.');
    });
    const { onDecided } = renderWith(version({}), decide);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('version 4 has gone live since');
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('its author sees that it waits, with nothing to decide', () => {
    renderWith(version({ mine: true }));
    screen.getByRole('heading', { name: 'Your version 3 is waiting for approval' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('its author reads the note it came back with and takes it into their draft; nothing shows once the newest version is live', async () => {
    const user = userEvent.setup();
    const returned = version({ mine: true, status: 'returned', decidedBy: 'rafi@example.com', decidedAt: '2026-11-27T10:00:00Z', decisionNote: 'Title typo' });
    const { rerender, onContinue } = renderWith(returned);
    expect(screen.getByRole('note')).toHaveTextContent(/Version 3 was returned to you.*rafi@example\.com returned it on .*: “Title typo”\. Version 2 stays live/);
    await user.click(screen.getByRole('button', { name: 'Edit it in my draft' }));
    expect(onContinue).toHaveBeenCalledWith(3);
    rerender(<PendingApproval versions={[live]} live={2} load={vi.fn()} decide={vi.fn()} onDecided={vi.fn()} onContinue={vi.fn()} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
