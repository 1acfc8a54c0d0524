// @vitest-environment jsdom
/**
 * The header's language switch (issue 29 §1): a plain link to the server's `/lang/<language>` that names the other
 * language in its own words and brings the person back to this page (path and query), so it works without the
 * page's code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { LanguageSwitch, PageLanguageContext } from '../../src/client/lib/page-language';
import { AuthProvider } from '../../src/client/lib/auth';
import { api, setToken } from '../../src/client/lib/api';

afterEach(() => {
  cleanup();
  setToken(null);
  vi.restoreAllMocks();
});

const inAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

describe('LanguageSwitch', () => {
  it('offers Bengali on an English page and English on a Bengali one, back to the same page', () => {
    render(
      inAuth(
        <MemoryRouter initialEntries={['/projects?category=Education&q=a%20b']}>
          <LanguageSwitch />
        </MemoryRouter>,
      ),
    );
    const link = screen.getByRole('link', { name: 'বাংলা' });
    expect(link).toHaveAttribute('href', `/lang/bn?back=${encodeURIComponent('/projects?category=Education&q=a%20b')}`);
    expect(link).toHaveAttribute('lang', 'bn');
    cleanup();
    render(
      inAuth(
        <PageLanguageContext.Provider value="bn">
          <MemoryRouter initialEntries={['/signup?lang=bn']}>
            <LanguageSwitch />
          </MemoryRouter>
        </PageLanguageContext.Provider>,
      ),
    );
    // Back without the address's own ?lang=, which would outvote the choice.
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/lang/en?back=%2Fsignup');
  });

  it("keeps a signed-in person's choice on their account before following the link", async () => {
    setToken('t');
    vi.spyOn(api, 'get').mockResolvedValue({ id: 'u1', email: 'a@example.com', phone: '+8801712345678', verified: true, staff: false, created: '2026-01-01' } as never);
    const put = vi.spyOn(api, 'put').mockResolvedValue({ language: 'bn' } as never);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(
      inAuth(
        <MemoryRouter initialEntries={['/dashboard']}>
          <LanguageSwitch />
        </MemoryRouter>,
      ),
    );
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/auth/user/me'));
    await new Promise((r) => setTimeout(r, 0));
    await userEvent.click(screen.getByRole('link', { name: 'বাংলা' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/lang/bn?back=${encodeURIComponent('/dashboard')}`));
    expect(put).toHaveBeenCalledWith('/me/language', { language: 'bn' });
    vi.unstubAllGlobals();
  });
});
