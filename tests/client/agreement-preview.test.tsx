// @vitest-environment jsdom
/**
 * The agreement request screen as an investor sees it: the project's terms at the top, the form prefilled from the
 * profile and verification, and the repayment preview following the typed amount — computed by the shared schedule
 * code, so DOMAIN.md's example appears to the paisa.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import FormScreen from '../../src/client/features/forms/FormScreen';
import { screensConfig } from '../../src/client/config';
import { AuthProvider } from '../../src/client/lib/auth';
import { api, setToken } from '../../src/client/lib/api';
import { projectView } from './project-fixture';

const project = projectView({ title: 'Green Harvest Agro', category: 'Agriculture', ownerName: 'Rahim', summary: 'Organic rice' });

function serve(answers: Record<string, unknown>) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (!(path in answers)) throw new Error(`unexpected GET ${path}`);
    return answers[path] as never;
  });
}

/** The investor has acknowledged the current risk statement (issue 31 §4): one line above the form. */
const riskAcknowledged = {
  required: true,
  current: true,
  acknowledgedAt: '2026-01-30T10:00:00Z',
  statement: { version: 1, language: 'en', title: 'Investing carries risk', intro: 'Read this.', points: ['You may lose money.'], acknowledge: 'I have read and understand the risks' },
};

const agreementScreen = screensConfig.screens.find((s) => s.id === 'agreement-request')!;

function show() {
  render(
    <MemoryRouter initialEntries={[`/investmentAgreementForm?project=${project.id}`]}>
      <AuthProvider>
        <FormScreen screen={agreementScreen} />
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe('agreement request screen', () => {
  beforeEach(() => {
    // Only Date is faked ("accepted today" = 31 January 2026, to see month ends); timers stay real for user-event.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-31T09:00:00Z'));
    setToken('test-token');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    setToken(null);
  });

  it('shows the project, prefills from the profile and verification, and previews the schedule as the amount is typed', async () => {
    serve({
      '/auth/user/me': { id: 'u1', email: 'karim@example.com', phone: '+8801812345678', verified: true, staff: false, created: '2026-01-01' },
      '/profile': { profile: { name: 'Karim Ahmed', email: 'karim@example.com', phone: '+8801812345678', country: 'Bangladesh' } },
      '/profile/verification': { status: 'verified', data: { address: 'Gulshan 2, Dhaka', city: 'Dhaka' } },
      [`/projects/${project.id}`]: project,
      '/me/risk-acknowledgment': riskAcknowledged,
    });
    show();

    const panel = await screen.findByRole('region', { name: 'Green Harvest Agro' });
    expect(panel).toHaveTextContent('Goal৳5,00,000');
    expect(panel).toHaveTextContent('Minimum investment৳20,000');
    expect(panel).toHaveTextContent('17.70 % over 7 months');
    expect(panel).toHaveTextContent('30.34 % per year');
    expect(panel).toHaveTextContent('simple basis: 17.70 % × 12 ÷ 7 months');
    expect(panel).toHaveTextContent('Type an amount to see what you would receive and when.');

    expect(await screen.findByTestId('risk-acknowledged')).toHaveTextContent(/^You acknowledged the risk statement on /);
    expect(await screen.findByRole('textbox', { name: /Investor name/ })).toHaveValue('Karim Ahmed');
    expect(screen.getByRole('textbox', { name: /Investor address/ })).toHaveValue('Gulshan 2, Dhaka');

    await userEvent.type(screen.getByRole('spinbutton', { name: /Investment amount/ }), '100000');
    // The form hears of typed keys just after the frame that draws them: wait for the whole amount.
    await waitFor(() => expect(panel).toHaveTextContent('৳1,17,700 in all'));
    const table = within(panel).getByRole('table', { name: 'Repayment preview' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual([
      '128 Feb 2026৳16,814.28',
      '231 Mar 2026৳16,814.28',
      '330 Apr 2026৳16,814.28',
      '431 May 2026৳16,814.28',
      '530 Jun 2026৳16,814.28',
      '631 Jul 2026৳16,814.28',
      '731 Aug 2026৳16,814.32',
    ]);
    expect(panel).toHaveTextContent('you would receive ৳1,17,700 in all (৳1,00,000 plus a markup of ৳17,700), in 7 instalments, the last on 31 Aug 2026.');

    // Below the minimum: said at once, before the server refuses it.
    await userEvent.clear(screen.getByRole('spinbutton', { name: /Investment amount/ }));
    await userEvent.type(screen.getByRole('spinbutton', { name: /Investment amount/ }), '5000');
    await waitFor(() => expect(panel).toHaveTextContent('The minimum investment in this project is ৳20,000.'));
  });

  it('leaves the fields empty for a user with no profile yet', async () => {
    serve({
      '/auth/user/me': { id: 'u2', email: 'new@example.com', phone: '+8801812345679', verified: true, staff: false, created: '2026-01-01' },
      '/profile': { profile: null },
      '/profile/verification': { status: 'not submitted', data: null },
      [`/projects/${project.id}`]: project,
      '/me/risk-acknowledgment': riskAcknowledged,
    });
    show();
    expect(await screen.findByRole('textbox', { name: /Investor name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Investor address/ })).toHaveValue('');
  });
});
