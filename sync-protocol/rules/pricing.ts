/**
 * What a subscription costs (issue 15): the one computation of the amount charged, used by the
 * server for the page's prices and for the checkout it creates, so the page shows what is charged.
 * Amounts are integers in minor units (cents). Each percentage off (the limited-time discount, a
 * discount voucher) applies in turn to what is left; the result is rounded once, half up, to a
 * whole minor unit.
 */

/** The amount charged for `regularMinor` with each of `percentsOff` applied (0 and absent ones ignored). */
export function chargedAmount(regularMinor: number, percentsOff: readonly (number | null | undefined)[]): number {
  if (!Number.isInteger(regularMinor) || regularMinor < 0) throw new RangeError("price must be whole minor units");
  let numerator = regularMinor;
  let denominator = 1;
  for (const percent of percentsOff) {
    if (percent === null || percent === undefined || percent === 0) continue;
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError("percent must be 0–100");
    numerator *= 100 - percent;
    denominator *= 100;
  }
  // Integer arithmetic: half up without binary fractions (2990 × 80 / 100 is exactly 2392).
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** A limited-time discount: `percent` off from `start` (inclusive) to `end` (exclusive), ISO instants. */
export interface DiscountWindow {
  start: string;
  end: string;
  percent: number;
}

/** Whether the discount runs at `now`. */
export function discountRuns(window: DiscountWindow, now: Date): boolean {
  const t = now.getTime();
  return window.percent > 0 && Date.parse(window.start) <= t && t < Date.parse(window.end);
}

/**
 * The dates of a subscription bought or redeemed `today`: it starts at the later of today and the
 * current end (a running subscription is extended, a lapsed one starts again today) and ends
 * `lengthDays` later, as the free trial's end is its start plus its days.
 */
export function extendedPeriod(
  today: string,
  currentEnd: string | null,
  lengthDays: number,
): { start: string; end: string } {
  const start = currentEnd !== null && currentEnd.slice(0, 10) > today ? currentEnd.slice(0, 10) : today;
  return { start, end: addDays(start, lengthDays) };
}

/** `date` (YYYY-MM-DD) plus `days`, as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
