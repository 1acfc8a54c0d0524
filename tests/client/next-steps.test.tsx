// @vitest-environment jsdom
/** The dashboard's "What needs you": greeting, one link per waiting item, the empty answer, staff queues. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import NextSteps, { type NextStepsAnswer } from '../../src/client/features/dashboard/NextSteps';
import { api } from '../../src/client/lib/api';

function answer(a: NextStepsAnswer) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path !== '/me/next-steps') throw new Error(`unexpected GET ${path}`);
    return a as never;
  });
}

const show = () =>
  render(
    <MemoryRouter>
      <NextSteps />
    </MemoryRouter>,
  );

describe('NextSteps', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('greets by name and links each waiting item to where it is done, with a pledge reference when given', async () => {
    answer({
      name: 'Rahima Khatun',
      staff: null,
      items: [
        { kind: 'proposals', count: 2, text: '2 agreement requests to decide on “Green Harvest”', link: '/agreementRequest?project=p1', amount: '80000.00' },
        { kind: 'pledge', count: 1, text: 'Pay your pledge of ৳5,000 to “Clean Water”', link: '/dashboard/history?tab=donations', amount: '5000.00', reference: 'HF-7K3Q-92' },
        { kind: 'pledge', count: 1, text: 'Pay your pledge of ৳700 to “School Roof”', link: '/dashboard/history?tab=donations', amount: '700.00', reference: null },
      ],
    });
    show();
    expect(await screen.findByText('Welcome, Rahima Khatun.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'What needs you' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', '/agreementRequest?project=p1');
    expect(links[0]).toHaveTextContent('2 agreement requests to decide on “Green Harvest”');
    expect(links[1]).toHaveTextContent('Payment reference HF-7K3Q-92');
    expect(links[2]).not.toHaveTextContent('Payment reference');
    expect(screen.queryByText('Staff queues')).not.toBeInTheDocument();
  });

  it('says plainly when nothing is waiting', async () => {
    answer({ name: 'someone@example.com', items: [], staff: null });
    show();
    expect(await screen.findByText('Nothing is waiting for you right now.')).toBeInTheDocument();
    expect(screen.getByText('Welcome, someone@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'What needs you' })).not.toBeInTheDocument();
  });

  it('shows staff the sizes of their three queues as links', async () => {
    answer({
      name: 'Staff',
      items: [],
      staff: [
        { id: 'verifications', label: 'Verifications to review', count: 3, link: '/dashboard/staff/verifications' },
        { id: 'projects', label: 'Projects to review', count: 0, link: '/dashboard/staff/projects' },
        { id: 'donations', label: 'Donations to confirm', count: 12, link: '/dashboard/staff/donations' },
      ],
    });
    show();
    expect(await screen.findByRole('link', { name: 'Verifications to review: 3' })).toHaveAttribute('href', '/dashboard/staff/verifications');
    expect(screen.getByRole('link', { name: 'Projects to review: 0' })).toHaveAttribute('href', '/dashboard/staff/projects');
    expect(screen.getByRole('link', { name: 'Donations to confirm: 12' })).toHaveAttribute('href', '/dashboard/staff/donations');
  });
});
