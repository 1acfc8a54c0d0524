// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';

describe('SchemaForm', () => {
  it('shows the schema messages under the right fields when an empty sign-in form is submitted', async () => {
    const onSubmit = vi.fn();
    const { container } = render(<SchemaForm formId="sign-in" onSubmit={onSubmit} />);
    const button = await screen.findByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    await waitFor(() => expect(container.querySelector('#root_email__error')).toHaveTextContent('Email is required'));
    expect(container.querySelector('#root_password__error')).toHaveTextContent('Password is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
