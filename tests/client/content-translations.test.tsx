// @vitest-environment jsdom
/**
 * The site content's Bengali beside its English (studio, issue 29 §3): every text of the draft listed once with its
 * Bengali, a missing one and one that only repeats the English marked and counted, typing a Bengali reported, and
 * the preview drawn in either language from the draft's own words.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContentTranslationsPanel from '../../src/client/features/studio/ContentTranslationsPanel';

afterEach(cleanup);

const content = {
  siteName: 'Halal Fund',
  nav: [{ label: 'Projects', to: '/projects' }],
  home: { hero: { heading: 'Fund what matters', text: 'Projects you can trust', cta: { label: 'Projects', to: '/projects' } } },
  footer: { about: 'A halal platform' },
};

function Harness({ onChange }: { onChange: (w: Record<string, string>) => void }) {
  const [words, setWords] = useState<Record<string, string>>({ 'Halal Fund': 'হালাল ফান্ড', Projects: 'প্রকল্পসমূহ', 'A halal platform': 'A halal platform' });
  return (
    <ContentTranslationsPanel
      content={content}
      translations={words}
      onChange={(w) => {
        setWords(w);
        onChange(w);
      }}
    />
  );
}

describe('the site content translation view', () => {
  it('lists each text once beside its Bengali, marks and counts the missing ones, and takes a Bengali typed beside it', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const panel = screen.getByRole('region', { name: 'Bengali translations' });
    // Five texts ("Projects" twice, once listed; the links are not texts); three without Bengali.
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    expect(within(panel).getByRole('status').textContent).toBe('3 texts without Bengali: Bengali readers see them in English until you write it.');
    expect(within(panel).getAllByText('Missing')).toHaveLength(2);
    expect(within(panel).getAllByText('Repeats the English')).toHaveLength(1);

    const preview = within(panel).getByTestId('content-preview');
    expect(preview.textContent).toContain('Fund what matters');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Fund what matters' }), 'যা জরুরি তাতে অর্থ দিন');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ 'Fund what matters': 'যা জরুরি তাতে অর্থ দিন' }));
    expect(within(panel).getByRole('status').textContent).toBe('2 texts without Bengali: Bengali readers see them in English until you write it.');
    expect(preview.textContent).toContain('যা জরুরি তাতে অর্থ দিন');
    expect(preview.getAttribute('lang')).toBe('bn');

    await userEvent.click(within(panel).getByRole('button', { name: 'English' }));
    expect(preview.textContent).toContain('Fund what matters');
    expect(preview.getAttribute('lang')).toBe('en');

    await userEvent.clear(within(panel).getByRole('textbox', { name: 'A halal platform' }));
    await userEvent.type(within(panel).getByRole('textbox', { name: 'A halal platform' }), 'একটি হালাল প্ল্যাটফর্ম');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Projects you can trust' }), 'আস্থার প্রকল্প');
    expect(within(panel).getByRole('status').textContent).toBe('Every one of the 5 texts has its Bengali.');
    expect(within(panel).queryByText('Missing')).toBeNull();
  });
});
