/** A threshold as typed: a number, or NaN when empty or not a number. */
export function parseThreshold(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The account's workload thresholds rule (IDENTITY_MESSAGES.thresholdsRule): both between 0 and 100 percent,
 * the minimum below the maximum.
 */
export function thresholdsValid(min: number, max: number): boolean {
  const inRange = (value: number) => Number.isFinite(value) && value >= 0 && value <= 100;
  return inRange(min) && inRange(max) && min < max;
}
