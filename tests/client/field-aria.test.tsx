// @vitest-environment jsdom
/**
 * Issue 12 §6: a screen reader reads a field's error and help from the input itself, the password rule is said once,
 * and the image picker opens from the keyboard.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';
import signUpUi from '../../ui-schemas/sign-up.ui.json';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const RULE = signUpUi.password['ui:help'];

/** The text of the elements an input's aria-describedby names (what a screen reader reads after the label). */
function description(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? `<missing #${id}>`).join(' | ');
}

describe('field descriptions on the input', () => {
  it('describes an untouched field by its help, then an invalid one by its one error, with aria-invalid on the input', async () => {
    const user = userEvent.setup();
    render(<SchemaForm formId="sign-up" onSubmit={vi.fn()} />);
    const password = await screen.findByLabelText(/^Password/);
    expect(password.tagName).toBe('INPUT');
    expect(password).toHaveAttribute('aria-invalid', 'false');
    expect(description(password)).toBe(RULE);

    // "abc" breaks two rules (too short, missing characters); the field says one thing, and the rule is not repeated.
    await user.type(password, 'abc');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(description(password)).toBe('Password must be at least 6 characters');
    expect(screen.queryByText(RULE)).not.toBeInTheDocument();
    expect(document.body.textContent!.match(/Password must/g)).toHaveLength(1);

    // A required field with no help is described by its error alone.
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(description(email)).toBe('Email is required');

    // Fixing the field brings the help back and the input is valid again.
    await user.clear(password);
    await user.type(password, 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'false'));
    expect(description(password)).toBe(RULE);
  });
});

describe('the image picker from the keyboard', () => {
  for (const key of ['{Enter}', ' ']) {
    it(`opens the file chooser with ${key === ' ' ? 'Space' : 'Enter'}`, async () => {
      const user = userEvent.setup();
      const { container } = render(<SchemaForm formId="verification" onSubmit={vi.fn()} />);
      const button = await screen.findByRole('button', { name: /Choose National ID image/ });
      // A native button: the browser itself turns Enter and Space into a click (a <label role="button"> does not;
      // tests/e2e/phone-dashboard.test.ts checks the real file chooser in Chromium).
      expect(button.tagName).toBe('BUTTON');
      const file = container.querySelector<HTMLInputElement>('input[data-field-input="root_nidImage"]')!;
      const opened = vi.fn();
      // jsdom has no file chooser: a click on the file input is what opens it in a browser.
      file.addEventListener('click', opened);
      await user.tab();
      while (document.activeElement !== button) await user.tab();
      await user.keyboard(key);
      expect(opened).toHaveBeenCalledTimes(1);
    });
  }
});
