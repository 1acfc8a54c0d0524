// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';

afterEach(cleanup);

describe('the engine array template', () => {
  it("labels the Add button with the ui-schema's addText and names each row's Remove button", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SchemaForm formId="agreement-request" onSubmit={vi.fn()} onChange={onChange} />);
    const add = await screen.findByRole('button', { name: 'Add document' });
    // minItems is 1: the only row cannot be removed.
    expect(screen.getByRole('group', { name: 'Document 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove document/ })).not.toBeInTheDocument();

    await user.click(add);
    await screen.findByRole('group', { name: 'Document 2' });
    expect(screen.getByRole('button', { name: 'Remove document 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove document 2' })).toBeInTheDocument();
    // No icon-only RJSF buttons left over.
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    const second = screen.getByRole('group', { name: 'Document 2' });
    await user.type(within(second).getByRole('textbox', { name: /Description/ }), 'Bank statement');
    await user.click(screen.getByRole('button', { name: 'Remove document 1' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Document 2' })).not.toBeInTheDocument());
    // The row that stayed is the one typed into, now first.
    expect(within(screen.getByRole('group', { name: 'Document 1' })).getByRole('textbox', { name: /Description/ })).toHaveValue('Bank statement');
    expect(screen.queryByRole('button', { name: /^Remove document/ })).not.toBeInTheDocument();
  });

  it('adds and removes rows from the keyboard', async () => {
    const user = userEvent.setup();
    render(<SchemaForm formId="agreement-request" onSubmit={vi.fn()} />);
    const add = await screen.findByRole('button', { name: 'Add document' });
    add.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('group', { name: 'Document 2' });
    await user.keyboard(' ');
    await screen.findByRole('group', { name: 'Document 3' });
    screen.getByRole('button', { name: 'Remove document 3' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Document 3' })).not.toBeInTheDocument());
  });
});
