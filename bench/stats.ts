/** Percentiles and a one-line report, shared by the benchmarks. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export function summarise(label: string, samples: number[], unit = 'ms'): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (value: number) => `${value.toFixed(1)} ${unit}`;
  return `${label}: n=${sorted.length} p50=${fmt(percentile(sorted, 50))} p95=${fmt(percentile(sorted, 95))} p99=${fmt(
    percentile(sorted, 99),
  )} max=${fmt(sorted[sorted.length - 1] ?? Number.NaN)}`;
}
