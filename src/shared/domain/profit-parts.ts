/**
 * The profit part of each instalment (DOMAIN.md "Profit part of an instalment"), for statements: an agreement with
 * principal P repays T = P × (1 + m/100), so its profit is Π = T − P. Instalment i of n (amount aᵢ) carries the profit
 * part floor(aᵢ × Π / T) for i < n, and the last carries Π minus the earlier parts; so the profit parts sum exactly to Π
 * and the principal parts (aᵢ − profit part) exactly to P. All in integer paisa.
 */

export interface InstalmentParts {
  /** Profit part, paisa. */
  profit: bigint;
  /** Principal part, paisa (the amount less its profit part). */
  principal: bigint;
}

/**
 * Splits each instalment amount (paisa, in schedule order) into its profit and principal parts. Throws a RangeError
 * when the amounts do not sum to the total, or the principal or total make no agreement (P > 0, T ≥ P).
 */
export function profitParts(principalPaisa: bigint, totalPaisa: bigint, instalmentAmountsPaisa: readonly bigint[]): InstalmentParts[] {
  if (principalPaisa <= 0n || totalPaisa < principalPaisa) throw new RangeError(`no agreement repays ${totalPaisa} paisa on ${principalPaisa}`);
  if (instalmentAmountsPaisa.length === 0) throw new RangeError('an agreement has at least one instalment');
  if (instalmentAmountsPaisa.some((a) => a < 0n)) throw new RangeError('an instalment is never negative');
  const sum = instalmentAmountsPaisa.reduce((acc, a) => acc + a, 0n);
  if (sum !== totalPaisa) throw new RangeError(`the instalments sum to ${sum} paisa, not the total ${totalPaisa}`);
  const profit = totalPaisa - principalPaisa;
  const last = instalmentAmountsPaisa.length - 1;
  let earlier = 0n;
  return instalmentAmountsPaisa.map((amount, i) => {
    // Both factors are non-negative, so bigint division is the floor DOMAIN.md asks for.
    const part = i < last ? (amount * profit) / totalPaisa : profit - earlier;
    earlier += part;
    return { profit: part, principal: amount - part };
  });
}
