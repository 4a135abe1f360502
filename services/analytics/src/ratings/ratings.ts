import type { RatingInputs, RatingValues } from '@infra/contracts';

/**
 * The ratings of analytics.md, from the sums an asset's samples give (its hourly samples or its daily rollups: the
 * same sums either way). Pure: the formula tests compute them by hand.
 */
export interface AssetSums {
  /** |H|: hours with a cpu sample. */
  hours: number;
  cpuSum: number;
  cpuSquareSum: number;
  hoursInBand: number;
  hoursOverMax: number;
  /** Σ r(h). */
  riskSum: number;
  /** K: hours with a reported cost. */
  hoursWithCost: number;
  /** E: hours of the horizon at or after the asset's start. */
  expectedHours: number;
  /** A sample in the last 24 hours of the horizon. */
  recent: boolean;
  speedAssumed: boolean;
  wcu: number;
}

export const INFRA_RATING_WEIGHTS = { optimization: 0.35, risk: 0.25, volatility: 0.15, dataHealth: 0.25 } as const;

/** One decimal, as the API shows ratings. */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

export { hourRisk } from './hour-formulas';

export function ratingsOf(
  sums: AssetSums,
  thresholds: { min: number; max: number },
): {
  values: RatingValues;
  inputs: RatingInputs;
} {
  const { hours, expectedHours } = sums;
  const mean = hours > 0 ? sums.cpuSum / hours : null;
  // Population variance from the sums; never below 0 from rounding.
  const variance = mean === null ? null : Math.max(0, sums.cpuSquareSum / hours - mean * mean);
  const meanWorkload = mean === null ? null : (sums.wcu * mean) / 100;
  const sdWorkload = variance === null ? null : (sums.wcu * Math.sqrt(variance)) / 100;
  const stale = !sums.recent;
  const dataHealth =
    expectedHours > 0
      ? Math.max(
          0,
          100 * (0.7 * (hours / expectedHours) + 0.3 * (sums.hoursWithCost / expectedHours)) -
            20 * Number(stale) -
            10 * Number(sums.speedAssumed),
        )
      : 0;
  const inputs: RatingInputs = {
    hours,
    expectedHours,
    hoursInBand: sums.hoursInBand,
    hoursOverMax: sums.hoursOverMax,
    hoursWithCost: sums.hoursWithCost,
    meanWorkload: meanWorkload === null ? null : round4(meanWorkload),
    sdWorkload: sdWorkload === null ? null : round4(sdWorkload),
    stale,
    assumedSpeed: sums.speedAssumed,
    wcu: round4(sums.wcu),
    thresholds,
  };
  // An asset with no sample has no ratings, only data health 0 (analytics.md).
  if (hours === 0 || meanWorkload === null || sdWorkload === null)
    return {
      values: { infraRating: null, risk: null, optimization: null, volatility: null, dataHealth: 0 },
      inputs,
    };
  const risk = (100 * sums.riskSum) / hours;
  const optimization = (100 * sums.hoursInBand) / hours;
  const volatility = meanWorkload === 0 ? 0 : Math.min(100, (100 * sdWorkload) / meanWorkload);
  const infraRating =
    INFRA_RATING_WEIGHTS.optimization * optimization +
    INFRA_RATING_WEIGHTS.risk * (100 - risk) +
    INFRA_RATING_WEIGHTS.volatility * (100 - volatility) +
    INFRA_RATING_WEIGHTS.dataHealth * dataHealth;
  return {
    values: {
      infraRating: oneDecimal(infraRating),
      risk: oneDecimal(risk),
      optimization: oneDecimal(optimization),
      volatility: oneDecimal(volatility),
      dataHealth: oneDecimal(dataHealth),
    },
    inputs,
  };
}

/**
 * A group's ratings: the wcu-weighted mean of its assets' (assets without ratings left out of the four). The rule in
 * TypeScript; the analyses compute it in SQL (groupRatingsSql), held to this by group-analyses.int-spec.ts.
 */
export function groupRatings(assets: { wcu: number; values: RatingValues }[]): RatingValues {
  const weighted = (pick: (values: RatingValues) => number | null): number | null => {
    let sum = 0;
    let weight = 0;
    for (const { wcu, values } of assets) {
      const value = pick(values);
      if (value === null || wcu <= 0) continue;
      sum += wcu * value;
      weight += wcu;
    }
    return weight > 0 ? oneDecimal(sum / weight) : null;
  };
  const rated = assets.filter((asset) => asset.values.infraRating !== null);
  return {
    infraRating: weighted((values) => values.infraRating),
    risk: weighted((values) => values.risk),
    optimization: weighted((values) => values.optimization),
    volatility: weighted((values) => values.volatility),
    // Data health is also the rated assets' mean; with none rated the group has 0, like an asset without samples.
    dataHealth:
      rated.length > 0 ? (weighted((values) => (values.infraRating === null ? null : values.dataHealth)) ?? 0) : 0,
  };
}

/** InfraRating distribution in bins of 10 (a rating of 100 falls in the last bin); in SQL: distributionSql. */
export function distributionOf(ratings: (number | null)[]): { from: number; to: number; count: number }[] {
  const bins = Array.from({ length: 10 }, (_, index) => ({ from: index * 10, to: index * 10 + 10, count: 0 }));
  for (const rating of ratings) if (rating !== null) bins[Math.min(9, Math.floor(rating / 10))].count += 1;
  return bins;
}

/** Nearest-rank percentile: the value at rank ⌈p × n⌉ of the sorted values; null for none. */
export function nearestRank(values: number[], percentile: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(percentile * sorted.length) - 1)];
}

export const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;
