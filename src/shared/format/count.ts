/** Counts in words, singular and plural right, one way on every screen ("1 backer", "2 backers", "0 days left"). */

/** The word for a count: the singular for exactly 1, the plural otherwise (also for 0). */
export function noun(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** A count with its word: "1 backer", "1,204 backers". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${noun(count, singular, plural)}`;
}
