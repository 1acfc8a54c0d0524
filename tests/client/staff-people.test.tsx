// @vitest-environment jsdom
/**
 * Staff's Investors page (issue 31 §1): find a person, see retail with the limits and what is used, record qualified
 * with the `qualification` schema form (note and an evidence PDF, read by the document upload), and see the mark.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StaffPeoplePage from '../../src/client/features/staff/StaffPeoplePage';
import { api } from '../../src/client/lib/api';
import { ToastProvider } from '../../src/client/components/Toast';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const found = { id: ID, email: 'rahim@example.com', phone: '+8801711000001', name: 'Rahim Uddin' };

describe('StaffPeoplePage', () => {
  it('finds a person, shows their limits, and records them qualified with an evidence PDF', async () => {
    const user = userEvent.setup();
    let qualified = false;
    const get = api.get.bind(api);
    vi.spyOn(api, 'get').mockImplementation(async (path: string, ...rest: unknown[]) => {
      if (path === '/staff/people?q=rahim') return { items: [{ ...found, qualified }] } as never;
      if (path === `/staff/people/${ID}`) {
        return {
          ...found,
          qualification: qualified ? { note: 'Net worth statement seen', evidenceFileId: '0b1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', at: '2026-11-27T09:00:00Z', by: 'staff@example.com' } : null,
          limits: qualified ? { qualified: true, perProject: null, perYear: null } : { qualified: false, perProject: '500000.00', perYear: { limit: '1000000.00', used: '250000.00', left: '750000.00' } },
          history: qualified ? [{ action: 'investor.qualify', by: 'staff@example.com', note: 'Net worth statement seen', at: '2026-11-27T09:00:00Z' }] : [],
        } as never;
      }
      if (path.startsWith('/staff/')) throw new Error(`unexpected GET ${path}`);
      return get(path, ...(rest as [])) as never;
    });
    const post = vi.spyOn(api, 'post').mockImplementation(async () => {
      qualified = true;
      return { id: ID, qualified: true, changed: true } as never;
    });
    render(
      <ToastProvider>
        <StaffPeoplePage />
      </ToastProvider>,
    );
    await user.type(screen.getByLabelText(/E-mail, phone or name/), 'rahim');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: /Rahim Uddin.*retail/ }));
    const pane = await screen.findByRole('region', { name: 'Investor status of rahim@example.com' });
    await waitFor(() => expect(pane).toHaveTextContent('Retail investor: limits apply.'));
    expect(pane).toHaveTextContent(/One project: ৳5,00,000\. Twelve months: ৳10,00,000, used ৳2,50,000, left ৳7,50,000\./);

    // The form starts from the other status; a PDF is taken by the document upload (a PNG-only field would refuse it).
    expect(await within(pane).findByRole('radio', { name: 'Qualified investor (no retail limits)' })).toBeChecked();
    const pdf = new File(['%PDF-1.4\n%%EOF\n'], 'net-worth.pdf', { type: 'application/pdf' });
    await user.upload(pane.querySelector<HTMLInputElement>('input[type=file]')!, pdf);
    await within(pane).findByText('net-worth.pdf');
    await user.click(within(pane).getByRole('button', { name: 'Record status' }));
    // The note is required: nothing is sent without it.
    expect(await within(pane).findAllByText('Say why (the evidence seen)')).not.toHaveLength(0);
    expect(post).not.toHaveBeenCalled();
    await user.type(within(pane).getByLabelText(/^Note/), 'Net worth statement seen');
    await user.click(within(pane).getByRole('button', { name: 'Record status' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, body] = post.mock.calls[0] as [string, { qualified: boolean; note: string; evidence: string }];
    expect(path).toBe(`/staff/people/${ID}/qualified`);
    expect(body).toMatchObject({ qualified: true, note: 'Net worth statement seen' });
    expect(body.evidence).toMatch(/^data:application\/pdf;name=net-worth\.pdf;base64,/);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Investor status of rahim@example.com' })).toHaveTextContent(/Qualified investor: no retail limits\. Marked .* by staff@example\.com/));
    expect(screen.getByRole('button', { name: 'Evidence' })).toBeInTheDocument();
    expect(await screen.findByText('Status recorded')).toBeInTheDocument();
  });
});
