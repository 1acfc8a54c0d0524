// @vitest-environment jsdom
/**
 * The phone's menu in a browser without popovers (Safari before 17, Firefox before 125; jsdom has none either): once
 * the page's code has arrived, the menu button opens and closes the menu itself, and following one of its links
 * closes it. (Browsers with popovers open it natively: tests/e2e/first-tap.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import NavBar from '../../src/client/components/layout/NavBar';
import { AuthProvider } from '../../src/client/lib/auth';

afterEach(cleanup);

describe('the phone menu without popovers', () => {
  it('opens on the menu button, closes on it again and when a link in it is followed', async () => {
    expect('popover' in HTMLElement.prototype).toBe(false);
    render(
      <MemoryRouter>
        <AuthProvider>
          <NavBar />
        </AuthProvider>
      </MemoryRouter>,
    );
    const menu = document.getElementById('phone-menu')!;
    const button = screen.getByRole('button', { name: 'Open the menu' });
    expect(menu.hasAttribute('data-open')).toBe(false);
    await userEvent.click(button);
    expect(menu.hasAttribute('data-open')).toBe(true);
    await userEvent.click(button);
    expect(menu.hasAttribute('data-open')).toBe(false);
    await userEvent.click(button);
    const link = menu.querySelector('a')!;
    await userEvent.click(link);
    expect(menu.hasAttribute('data-open')).toBe(false);
  });
});
