/** Counts in words, singular and plural right, one way on every screen ("1 backer", "2 backers", "0 days left"). */

/** The word for a count: the singular for exactly 1, the plural otherwise (also for 0). */
export function noun(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/**
 * A number (or a decimal string, as money travels) with its thousands grouped by commas ("1,204", "-59,689.50"), as
 * en-US writes it, without building a formatter. The one digit grouping of the product: money uses it too.
 */
export function groupDigits(value: number | string): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A count with its word: "1 backer", "1,204 backers". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${groupDigits(count)} ${noun(count, singular, plural)}`;
}
