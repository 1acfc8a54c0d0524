/** Counts in words: singular only for exactly one. */
import { describe, expect, it } from 'vitest';
import { countOf, groupDigits, noun } from '../../src/shared/format/count';

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

  it('groups digits as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 1204, 65536, 1234567, -1234567, 12.5, 1234.75, 1e15]) expect(groupDigits(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
  });
});
