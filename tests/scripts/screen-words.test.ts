import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { componentWords, lintCatalogue, lintScreenWords } from '../../scripts/lib/screen-words-lint';
import { formatWords, sayWords } from '../../src/client/lib/words';

const root = join(import.meta.dirname, '../..');

describe('screen words check', () => {
  it('finds the shipped catalogues complete', () => {
    expect(lintScreenWords(root)).toEqual([]);
    // The check reads the components' own words: the header's Sign in is one of them.
    expect(componentWords(root).has('Sign in')).toBe(true);
  });

  it('refuses a word without Bengali, an empty one, one repeating the English and one dropping a value', () => {
    const messages = lintCatalogue('x.bn.json', { Donate: 'Donate', Goal: ' ', 'Hello {name}': 'নমস্কার' }, [
      ['Sign in', 'NavBar.tsx'],
      ['Donate', 'NavBar.tsx'],
    ]).map((p) => p.message);
    expect(messages).toEqual([
      '"Sign in" (NavBar.tsx) has no Bengali',
      'the Bengali of "Donate" repeats the English',
      '"Goal" has an empty Bengali',
      'the Bengali of "Hello {name}" puts in {}, the English {name}',
    ]);
  });
});

describe('screen words', () => {
  const backers = '{count, plural, one {# backer} other {# backers}}';
  it('chooses the plural form by each language’s rules, with its digits', () => {
    expect(formatWords(backers, 'en', { count: 1 })).toBe('1 backer');
    expect(formatWords(backers, 'en', { count: 1204 })).toBe('1,204 backers');
    const bn = { [backers]: '{count, plural, other {# জন সমর্থক}}' };
    expect(sayWords(bn, 'bn', backers, { count: 1 })).toBe('১ জন সমর্থক');
    expect(sayWords(bn, 'bn', backers, { count: 12 })).toBe('১২ জন সমর্থক');
    expect(formatWords('{count, plural, =0 {none} other {# left}}', 'en', { count: 0 })).toBe('none');
  });

  it('puts values in, says English as written, and keeps English where a word has no Bengali yet', () => {
    expect(sayWords({ 'Hi {name}.': 'স্বাগতম, {name}।' }, 'bn', 'Hi {name}.', { name: 'Rahim' })).toBe('স্বাগতম, Rahim।');
    expect(sayWords({ Goal: 'লক্ষ্য' }, 'en', 'Goal')).toBe('Goal');
    expect(sayWords({}, 'bn', 'Goal')).toBe('Goal');
  });
});

describe('feature catalogues', () => {
  /** A client tree with a shared catalogue and the given feature files and catalogues. */
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'words-'));
    const all: Record<string, string> = {
      'src/client/config/screens.json': '{}',
      'src/client/config/content.json': '{}',
      'src/client/config/i18n/screens.bn.json': '{}',
      'src/client/config/i18n/content.bn.json': '{}',
      'src/client/config/i18n/words.bn.json': JSON.stringify({ 'Sign in': 'সাইন ইন' }),
      ...files,
    };
    for (const [path, text] of Object.entries(all)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  it("holds a feature's words to its own catalogue, and a feature without one to the shared catalogue", () => {
    const page = "export const P = () => [t('Investors'), t('Sign in')];";
    const root = tree({
      'src/client/features/staff/PeoplePage.tsx': page,
      'src/client/features/staff/words.bn.json': '{}',
      'src/client/features/forms/FormPage.tsx': "t('Save draft')",
    });
    expect(lintScreenWords(root).map((p) => `${p.file}: ${p.message}`)).toEqual([
      'src/client/config/i18n/words.bn.json: "Save draft" (src/client/features/forms/FormPage.tsx) has no Bengali',
      'src/client/features/staff/words.bn.json: "Investors" (src/client/features/staff/PeoplePage.tsx) has no Bengali',
    ]);
    writeFileSync(join(root, 'src/client/features/staff/words.bn.json'), JSON.stringify({ Investors: 'Investors' }));
    expect(lintScreenWords(root).map((p) => p.message)).toContain('the Bengali of "Investors" repeats the English');
    writeFileSync(join(root, 'src/client/features/staff/words.bn.json'), JSON.stringify({ Investors: 'বিনিয়োগকারী' }));
    expect(lintScreenWords(root).map((p) => p.file)).toEqual(['src/client/config/i18n/words.bn.json']);
  });
});
