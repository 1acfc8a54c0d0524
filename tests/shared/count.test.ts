/** Counts in words: singular only for exactly one. */
import { describe, expect, it } from 'vitest';
import { countOf, noun } from '../../src/shared/format/count';

describe('counts in words', () => {
  it('says "1 backer" and "2 backers", "0 backers", with thousands separators', () => {
    expect(countOf(1, 'backer')).toBe('1 backer');
    expect(countOf(2, 'backer')).toBe('2 backers');
    expect(countOf(0, 'backer')).toBe('0 backers');
    expect(countOf(1204, 'investor')).toBe('1,204 investors');
  });

  it('takes an irregular plural, and gives the bare word for labels', () => {
    expect(countOf(1, 'day left', 'days left')).toBe('1 day left');
    expect(countOf(3, 'day left', 'days left')).toBe('3 days left');
    expect(noun(1, 'Backer')).toBe('Backer');
    expect(noun(5, 'Backer')).toBe('Backers');
  });
});
