// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';

afterEach(cleanup);

describe('SchemaForm branches during a visit', () => {
  it('brings back what was typed in Investment and Recurring after switching away and back', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SchemaForm formId="invest" onSubmit={vi.fn()} onChange={onChange} />);
    await user.click(await screen.findByRole('radio', { name: 'Investment' }));
    await user.type(await screen.findByRole('spinbutton', { name: /Total amount/ }), '50000');
    await user.type(screen.getByRole('textbox', { name: /Security policy/ }), 'Land deed');
    await user.click(screen.getByRole('radio', { name: 'Recurring' }));
    await user.type(await screen.findByRole('spinbutton', { name: /Repayment every/ }), '3');

    // Recurring → On-time → Recurring keeps the returning time.
    await user.click(screen.getByRole('radio', { name: 'On-time' }));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: /Repayment every/ })).not.toBeInTheDocument());
    expect(onChange.mock.calls.at(-1)![0]).not.toHaveProperty('returningTime');
    await user.click(screen.getByRole('radio', { name: 'Recurring' }));
    expect(await screen.findByRole('spinbutton', { name: /Repayment every/ })).toHaveValue(3);

    // Investment → Donate → Investment keeps the whole branch, the nested Recurring choice included.
    await user.click(screen.getByRole('radio', { name: 'Donate' }));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: /Total amount/ })).not.toBeInTheDocument());
    const donating = onChange.mock.calls.at(-1)![0] as Record<string, unknown>;
    expect(donating).not.toHaveProperty('totalAmount');
    expect(donating).not.toHaveProperty('returningTime');
    await user.click(screen.getByRole('radio', { name: 'Investment' }));
    expect(await screen.findByRole('spinbutton', { name: /Total amount/ })).toHaveValue(50000);
    expect(screen.getByRole('textbox', { name: /Security policy/ })).toHaveValue('Land deed');
    expect(screen.getByRole('radio', { name: 'Recurring' })).toBeChecked();
    expect(await screen.findByRole('spinbutton', { name: /Repayment every/ })).toHaveValue(3);
    expect(onChange.mock.calls.at(-1)![0]).toMatchObject({ totalAmount: 50000, securityPolicy: 'Land deed', return: 'Recurring', returningTime: 3 });
  });

  it('does not bring back a value the user cleared', async () => {
    const user = userEvent.setup();
    render(<SchemaForm formId="invest" onSubmit={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'Investment' }));
    await user.click(await screen.findByRole('radio', { name: 'Recurring' }));
    const returning = await screen.findByRole('spinbutton', { name: /Repayment every/ });
    await user.type(returning, '3');
    await user.clear(returning);
    await user.click(screen.getByRole('radio', { name: 'On-time' }));
    await user.click(screen.getByRole('radio', { name: 'Recurring' }));
    expect(await screen.findByRole('spinbutton', { name: /Repayment every/ })).toHaveValue(null);
  });

  it('submits only the fields of the branch taken', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <SchemaForm
        formId="invest"
        initialData={{ name: 'Karim Ahmed', location: 'Dhaka', phone: '+8801712345678', email: 'karim@example.com' }}
        onSubmit={onSubmit}
      />,
    );
    await user.click(await screen.findByRole('radio', { name: 'Investment' }));
    await user.type(await screen.findByRole('spinbutton', { name: /Total amount/ }), '50000');
    await user.click(screen.getByRole('radio', { name: 'Donate' }));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: /Total amount/ })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent.investmentType).toBe('Donate');
    expect(sent).not.toHaveProperty('totalAmount');
  });
});
