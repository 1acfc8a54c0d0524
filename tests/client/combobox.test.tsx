// @vitest-environment jsdom
/**
 * The suggestion fields of the form engine (widgets/Combobox.tsx) on the invest form: Location suggests cities but
 * takes any text; Currency takes only a listed value. Keys, clicks and what is kept when the field is left.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('suggestion fields', () => {
  it('suggests places as the person types, takes one with the arrow keys and Enter without sending the form, and keeps free text', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm formId="invest" onSubmit={onSubmit} />);
    const location = await screen.findByRole('combobox', { name: /^Location/ });
    expect(location).toHaveAttribute('aria-expanded', 'false');

    await user.type(location, 'Dha');
    const listbox = await screen.findByRole('listbox', { name: /^Location/ });
    await screen.findByRole('option', { name: 'Dhaka' });
    expect(location).toHaveAttribute('aria-expanded', 'true');
    expect(location).toHaveAttribute('aria-controls', listbox.id);

    await user.keyboard('{ArrowDown}');
    const first = within(listbox).getAllByRole('option')[0]!;
    expect(location).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(location).toHaveValue(first.textContent);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // A place missing from the list can still be entered; Escape closes the suggestions and keeps the text.
    await user.clear(location);
    await user.type(location, 'Dhaka North');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(location).toHaveValue('Dhaka North');
    await user.tab();
    expect(location).toHaveValue('Dhaka North');
  });

  it('takes only a listed currency: a click chooses one, text that names none goes back to the choice when left', async () => {
    const user = userEvent.setup();
    render(<SchemaForm formId="invest" onSubmit={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'Investment' }));
    const currency = await screen.findByRole('combobox', { name: /^Currency/ });

    await user.type(currency, 'bd');
    await user.click(within(await screen.findByRole('listbox', { name: /^Currency/ })).getByRole('option', { name: 'BDT' }));
    expect(currency).toHaveValue('BDT');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // Opened again on the chosen value, the whole list shows.
    await user.click(currency);
    expect(within(await screen.findByRole('listbox', { name: /^Currency/ })).getAllByRole('option').length).toBeGreaterThan(1);

    await user.clear(currency);
    await user.type(currency, 'zzz');
    expect(await screen.findByText('No match')).toBeInTheDocument();
    expect(within(screen.getByRole('listbox', { name: /^Currency/ })).queryAllByRole('option')).toHaveLength(0);
    await user.tab();
    expect(currency).toHaveValue('BDT');

    // Typing a listed code in full and leaving the field chooses it; emptying the field clears the choice.
    await user.clear(currency);
    await user.type(currency, 'usd');
    await user.tab();
    await waitFor(() => expect(currency).toHaveValue('USD'));
    await user.clear(currency);
    await user.tab();
    expect(currency).toHaveValue('');
  });
});
