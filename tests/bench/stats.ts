/** The figures the bench rows read from repeated measurements, one definition for every bench. */

/** The p-th percentile of `values` by nearest rank (p50 of an odd count is its middle value). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** "median (min–max)", each figure as `format` writes it. */
export function medianAndRange(values: readonly number[], format: (n: number) => string): string {
  return `${format(percentile(values, 50))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}
