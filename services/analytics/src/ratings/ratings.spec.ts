// The rating formulas of analytics.md against values computed by hand (thresholds min 40, max 60).
import { distributionOf, groupRatings, hourRisk, nearestRank, ratingsOf, type AssetSums } from './ratings';

const thresholds = { min: 40, max: 60 };

/** The sums of hourly cpu values, as the rollups give them. */
function sumsOf(cpu: number[], extra: Partial<AssetSums> = {}): AssetSums {
  return {
    hours: cpu.length,
    cpuSum: cpu.reduce((a, b) => a + b, 0),
    cpuSquareSum: cpu.reduce((a, b) => a + b * b, 0),
    hoursInBand: cpu.filter((u) => u >= 40 && u <= 60).length,
    hoursOverMax: cpu.filter((u) => u > 60).length,
    riskSum: cpu.reduce((sum, u) => sum + hourRisk(u, 60), 0),
    hoursWithCost: cpu.length,
    expectedHours: 24,
    recent: true,
    speedAssumed: false,
    wcu: 5,
    ...extra,
  };
}

describe('asset ratings', () => {
  it('rates four hours of 20, 50, 70 and 100 % with three costs over a 24-hour horizon', () => {
    // r(70) = 0.5 + 0.5 × 10/40 = 0.625, r(100) = 1 → risk = 100 × 1.625 / 4 = 40.625
    // in band: 50 only → optimization 25; μ = 60, σ = √850 = 29.1548 → volatility 48.5913
    // data health = 100 × (0.7 × 4/24 + 0.3 × 3/24) = 15.4167
    // InfraRating = 0.35 × 25 + 0.25 × 59.375 + 0.15 × 51.4087 + 0.25 × 15.4167 = 35.1592
    const { values, inputs } = ratingsOf(sumsOf([20, 50, 70, 100], { hoursWithCost: 3 }), thresholds);
    expect(values).toEqual({ infraRating: 35.2, risk: 40.6, optimization: 25, volatility: 48.6, dataHealth: 15.4 });
    expect(inputs).toMatchObject({
      hours: 4,
      expectedHours: 24,
      hoursInBand: 1,
      hoursOverMax: 2,
      hoursWithCost: 3,
      meanWorkload: 3, // 5 WCU × 60 %
      sdWorkload: 1.4577, // 5 × 29.1548 %
      stale: false,
      assumedSpeed: false,
    });
  });

  it('has no ratings without samples, only data health 0', () => {
    expect(ratingsOf(sumsOf([]), thresholds).values).toEqual({
      infraRating: null,
      risk: null,
      optimization: null,
      volatility: null,
      dataHealth: 0,
    });
  });

  it('rates one sample: no spread, so no volatility', () => {
    // 1 of 24 hours, in band: optimization 100, risk 0, volatility 0; health = 100 × (0.7 + 0.3)/24 = 4.1667
    // InfraRating = 35 + 25 + 15 + 0.25 × 4.1667 = 76.0417
    expect(ratingsOf(sumsOf([55]), thresholds).values).toEqual({
      infraRating: 76,
      risk: 0,
      optimization: 100,
      volatility: 0,
      dataHealth: 4.2,
    });
  });

  it('gives volatility 0 when the mean workload is 0 (μ = 0)', () => {
    const { values } = ratingsOf(sumsOf([0, 0, 0]), thresholds);
    expect(values.volatility).toBe(0);
    expect(values.optimization).toBe(0);
    expect(values.risk).toBe(0);
  });

  it('gives risk 100 when every hour is at 100 % and caps volatility at 100', () => {
    expect(ratingsOf(sumsOf([100, 100]), thresholds).values.risk).toBe(100);
    // μ = 25, σ = √(0.75 × 625 + …) : values 0, 0, 0, 100 → μ 25, σ 43.30 → 173 % → capped at 100
    expect(ratingsOf(sumsOf([0, 0, 0, 100]), thresholds).values.volatility).toBe(100);
  });

  it('takes 20 off a stale asset and 10 off an assumed speed, never below 0', () => {
    // 24 of 24 hours with costs: 100, then − 20 (stale) − 10 (assumed speed) = 70
    const full = Array.from({ length: 24 }, () => 50);
    expect(ratingsOf(sumsOf(full, { recent: false, speedAssumed: true }), thresholds).values.dataHealth).toBe(70);
    expect(ratingsOf(sumsOf([50], { recent: false, speedAssumed: true }), thresholds).values.dataHealth).toBe(0);
  });

  it('counts only the hours since an asset created mid-horizon (E = 12 of 24)', () => {
    const twelve = Array.from({ length: 12 }, () => 50);
    expect(ratingsOf(sumsOf(twelve, { expectedHours: 12 }), thresholds).values.dataHealth).toBe(100);
  });
});

describe('group figures', () => {
  it('weights the assets ratings by wcu and leaves out the unrated', () => {
    // (5 × 35.2 + 7.82 × 75) / 12.82 = 59.477
    const rated = [
      { wcu: 5, values: { infraRating: 35.2, risk: 40.6, optimization: 25, volatility: 48.6, dataHealth: 15.4 } },
      { wcu: 7.82, values: { infraRating: 75, risk: 0, optimization: 100, volatility: 0, dataHealth: 0 } },
      { wcu: 100, values: { infraRating: null, risk: null, optimization: null, volatility: null, dataHealth: 0 } },
    ];
    expect(groupRatings(rated)).toEqual({
      infraRating: 59.5,
      risk: 15.8,
      optimization: 70.7,
      volatility: 19,
      dataHealth: 6,
    });
    expect(groupRatings([rated[2]])).toEqual({
      infraRating: null,
      risk: null,
      optimization: null,
      volatility: null,
      dataHealth: 0,
    });
  });

  it('bins InfraRatings by 10 with 100 in the last bin', () => {
    const bins = distributionOf([0, 9.9, 10, 55, 100, null]);
    expect(bins.map((bin) => bin.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it('takes the nearest-rank p95', () => {
    expect(nearestRank([3.5, 4.91, 5, 6.41], 0.95)).toBe(6.41);
    expect(
      nearestRank(
        Array.from({ length: 20 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(19);
    expect(nearestRank([], 0.95)).toBeNull();
  });
});
