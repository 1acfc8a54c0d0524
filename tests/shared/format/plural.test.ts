import { describe, expect, it } from 'vitest';
import { plural, pluralCategory } from '../../../src/shared/format/plural';

describe('plural', () => {
  const days = { one: '# day left', other: '# days left' };

  it('chooses the English form by CLDR rules, the count written in place of #', () => {
    expect(plural(1, days)).toBe('1 day left');
    expect(plural(0, days)).toBe('0 days left');
    expect(plural(2, days)).toBe('2 days left');
    expect(plural(125000, days)).toBe('1,25,000 days left');
  });

  it('follows Bengali rules (one for 0 and 1) and writes the count in Bengali digits', () => {
    expect(pluralCategory(0, 'bn')).toBe('one');
    expect(pluralCategory(0, 'en')).toBe('other');
    const bn = { one: '#টি কিস্তি (এক)', other: '#টি কিস্তি' };
    expect(plural(0, bn, 'bn')).toBe('০টি কিস্তি (এক)');
    expect(plural(1, bn, 'bn')).toBe('১টি কিস্তি (এক)');
    expect(plural(12, bn, 'bn')).toBe('১২টি কিস্তি');
  });

  it('takes an exact form first and falls back to other', () => {
    expect(plural(0, { '=0': 'no backers yet', one: '# backer', other: '# backers' })).toBe('no backers yet');
    expect(plural(1, { other: '# দিন' }, 'bn')).toBe('১ দিন');
  });
});
