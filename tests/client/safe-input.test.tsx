// @vitest-environment jsdom
/** The browser applies the rule every form shares, with the same message the server and the CLI give. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';
import { UNSAFE_TEXT_MESSAGE } from '../../src/shared/validation/safe-input';

describe('SchemaForm and unsafe text', () => {
  it('shows the shared message under a field holding a NUL or half an emoji, and does not submit', async () => {
    const onSubmit = vi.fn();
    const { container } = render(
      <SchemaForm formId="newsletter" initialData={{ email: 'reader\u0000@example.com' } as never} onSubmit={onSubmit} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: /subscribe/i }));
    await waitFor(() => expect(container.querySelector('#root_email__error')).toHaveTextContent(UNSAFE_TEXT_MESSAGE));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
