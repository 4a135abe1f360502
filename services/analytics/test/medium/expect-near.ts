/**
 * Deep equality in which numbers may differ by `relative` of the expected value (`absolute` near zero). The analyses
 * send full precision, so two ways to one figure agree only as far as their arithmetic does: capacities are stored as
 * `real` (float4, about 7 significant digits: 7.82 WCU reads 7.820000171661377), and the period sums and the daily
 * rollups add the same float8 values in another order (about 1e-15 relative apart). Each caller says which.
 */
export function expectNear(
  actual: unknown,
  expected: unknown,
  { relative, absolute = 1e-12 }: { relative: number; absolute?: number },
  path = '$',
): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const tolerance = Math.max(absolute, relative * Math.abs(expected));
    if (!(Math.abs(actual - expected) <= tolerance))
      throw new Error(`${path}: ${actual} is not ${expected} (±${tolerance})`);
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') throw new Error(`${path}: ${String(actual)} is not an object`);
    if (Array.isArray(expected) && (!Array.isArray(actual) || actual.length !== expected.length))
      throw new Error(`${path}: ${JSON.stringify(actual)} is not a list of ${expected.length}`);
    for (const [key, value] of Object.entries(expected))
      expectNear((actual as Record<string, unknown>)[key], value, { relative, absolute }, `${path}.${key}`);
    return;
  }
  if (!Object.is(actual, expected))
    throw new Error(`${path}: ${JSON.stringify(actual)} is not ${JSON.stringify(expected)}`);
}
