// @vitest-environment jsdom
/**
 * The header's language switch (issue 29 §1): a plain link to the server's `/lang/<language>` that names the other
 * language in its own words and brings the person back to this page (path and query), so it works without the
 * page's code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LanguageSwitch, PageLanguageContext } from '../../src/client/lib/page-language';

afterEach(cleanup);

describe('LanguageSwitch', () => {
  it('offers Bengali on an English page and English on a Bengali one, back to the same page', () => {
    render(
      <MemoryRouter initialEntries={['/projects?category=Education&q=a%20b']}>
        <LanguageSwitch />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'বাংলা' });
    expect(link).toHaveAttribute('href', `/lang/bn?back=${encodeURIComponent('/projects?category=Education&q=a%20b')}`);
    expect(link).toHaveAttribute('lang', 'bn');
    cleanup();
    render(
      <PageLanguageContext.Provider value="bn">
        <MemoryRouter initialEntries={['/signup']}>
          <LanguageSwitch />
        </MemoryRouter>
      </PageLanguageContext.Provider>,
    );
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/lang/en?back=%2Fsignup');
  });
});
