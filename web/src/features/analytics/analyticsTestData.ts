import type {
  AnalysisBase,
  BusinessOverviewResponse,
  CollectionSummaryResponse,
  CostAnalysisResponse,
  RatingInputs,
  SystemRatingsResponse,
  SystemUtilizationResponse,
  WorkloadGapResponse,
  WorkloadResponse,
} from '@infra/contracts';
import type { StubAnswer, StubRoutes } from '../../testing/apiFetch';

/** Canned analysis responses and stub routes for the analytics tests (imported by tests only). */

const DAYS = ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'];

function base(hasData: boolean): AnalysisBase {
  return {
    horizon: { start: DAYS[0] ?? '', end: '2026-03-04T00:00:00.000Z', granularity: 'day', hours: 72 },
    assets: 2,
    assetsReporting: hasData ? 2 : 0,
    hasData,
  };
}

const inputs: RatingInputs = {
  hours: 70,
  expectedHours: 72,
  hoursInBand: 40,
  hoursOverMax: 12,
  hoursWithCost: 72,
  meanWorkload: 1.25,
  sdWorkload: 0.5,
  stale: false,
  assumedSpeed: true,
  wcu: 5,
  thresholds: { min: 40, max: 60 },
};

export const workloadFixture = (hasData = true): WorkloadResponse => ({
  ...base(hasData),
  series: DAYS.map((time, index) => ({
    time,
    capacity: 10,
    workload: 4 + index,
    utilization: 40 + 10 * index,
    assets: 2,
  })),
  capacityHours: 720,
  workloadHours: 360,
  utilization: 50,
});

export const costFixture = (hasData = true, currency = 'USD'): CostAnalysisResponse => ({
  ...base(hasData),
  currency,
  series: DAYS.map((time) => ({ time, cost: 411.5, idleCost: 205.75 })),
  cost: 1234.5,
  idleCost: 617.25,
  // Full precision from the API: small unit costs need their significant digits (not 0.0249).
  costPerWcuHourUsed: 0.024856,
  unitCost: 1.7146,
  byTag: [{ id: 't-1', label: 'env:prod', cost: 1000, idleCost: 500 }],
  byCollection: [{ id: 'c-1', label: 'Production', cost: 1234.5, idleCost: 617.25 }],
});

export const utilizationFixture = (group: boolean): SystemUtilizationResponse => ({
  ...base(true),
  series: DAYS.map((time, index) => ({ time, cpu: 40 + index, memory: 60 })),
  cpu: { avg: 41, p95: 42, max: 42.5 },
  memory: { avg: 60, p95: 60, max: 60 },
  ...(group
    ? {
        perAsset: [
          { assetId: 'a-1', name: 'web-01', cpu: { avg: 41, p95: 42, max: 43 }, memory: { avg: 60, p95: 61, max: 62 } },
        ],
      }
    : {}),
});

export const gapFixture = (): WorkloadGapResponse => ({
  ...base(true),
  thresholds: { min: 40, max: 60 },
  series: DAYS.map((time, index) => ({
    time,
    capacity: 10,
    workload: [3, 5, 7][index] ?? 0,
    lower: 4,
    upper: 6,
    gap: [-1, 0, 1][index] ?? 0,
    outOfBand: index !== 1,
  })),
  summary: { bucketsOutOfBand: 2, gapAbove: 24, gapBelow: -24, capacity: 10, rightSizeCapacity: 11.5 },
});

export const ratingsFixture = (group: boolean): SystemRatingsResponse => ({
  ...base(true),
  ratings: { infraRating: 72.4, risk: 8.6, optimization: 57.1, volatility: 40, dataHealth: 87.2 },
  unitCost: {
    currency: 'USD',
    unitCost: 0.0123,
    site: group ? null : 0.011,
    alternateSite: group ? null : { site: 'eu-west-1a', unitCost: 0.0095 },
    peer: group ? null : 0.012,
    industry: group ? null : 0.0104,
  },
  ...(group
    ? {
        distribution: Array.from({ length: 10 }, (_unused, bin) => ({
          from: bin * 10,
          to: bin * 10 + 10,
          count: bin === 7 ? 2 : 0,
        })),
        lowest: [
          {
            assetId: 'a-1',
            name: 'web-01',
            infraRating: 70.1,
            risk: 9,
            optimization: 55,
            volatility: 41,
            dataHealth: 86,
            inputs,
          },
        ],
      }
    : { inputs }),
});

export const overviewFixture = (currency = 'USD'): BusinessOverviewResponse => ({
  ...base(true),
  currency,
  totalCost: 1234.5,
  previousCost: 1000,
  costChange: 234.5,
  costChangePercent: 23.45,
  idleCost: 617.25,
  potentialMonthlySavings: 321,
  byStatus: { active: 2, offline: 0, pending: 0, archived: 0 },
  ratingDistribution: Array.from({ length: 10 }, (_unused, bin) => ({ from: bin * 10, to: bin * 10 + 10, count: 0 })),
  topIdle: [{ assetId: 'a-1', name: 'web-01', cost: 800, idleCost: 400 }],
  highlights: {
    largestGaps: [{ assetId: 'a-1', name: 'web-01', hoursOverMax: 12, hoursBelowMin: 3 }],
    savings: [{ assetId: 'a-2', name: 'db-01', monthlySavings: 150 }],
    ratingChanges: [{ assetId: 'a-3', name: 'cache-01', infraRating: 62.5, previous: 66.5, change: -4 }],
  },
});

export const collectionSummaryFixture = (collectionId: string): CollectionSummaryResponse => ({
  ...base(true),
  collectionId,
  name: 'Production',
  byStatus: { active: 1, offline: 0, pending: 0, archived: 0 },
  ratings: { infraRating: 72.4, risk: 8.6, optimization: 57.1, volatility: 40, dataHealth: 87.2 },
  cost: 1234.5,
  idleCost: 617.25,
  utilization: 50,
  currency: 'USD',
});

/** An analysis answer with its `Data-Integration` header (from the body's flag). */
export function analysisAnswer<T extends AnalysisBase>(body: T): StubAnswer {
  return { status: 200, body, headers: { 'Data-Integration': body.hasData ? 'ok' : 'empty' } };
}

export type AnalysisPrefix = `/api/v1/assets/${string}` | `/api/v1/collections/${string}` | '/api/v1/organizations';

/**
 * Routes answering every analysis under `prefix` (an asset's, a collection's, or the organization's), with the
 * workload and cost analyses flagged empty when `empty`.
 */
export function analysisRoutes(prefix: AnalysisPrefix, { empty = false } = {}): StubRoutes {
  const group = !prefix.startsWith('/api/v1/assets/');
  const routes: StubRoutes = {
    [`GET ${prefix}/system-utilization`]: () => analysisAnswer(utilizationFixture(group)),
    [`GET ${prefix}/workload`]: () => analysisAnswer(workloadFixture(!empty)),
    [`GET ${prefix}/cost-analysis`]: () => analysisAnswer(costFixture(!empty)),
    [`GET ${prefix}/workload-gap-analysis`]: () => analysisAnswer(gapFixture()),
  };
  if (prefix === '/api/v1/organizations') {
    routes[`GET ${prefix}/system-ratings`] = () => analysisAnswer(ratingsFixture(true));
    routes[`GET ${prefix}/business-overview`] = () => analysisAnswer(overviewFixture());
  } else if (group) {
    routes[`GET ${prefix}/summary`] = () => analysisAnswer(collectionSummaryFixture(prefix.split('/').pop() ?? ''));
  } else {
    routes[`GET ${prefix}/system-ratings`] = () => analysisAnswer(ratingsFixture(false));
  }
  return routes;
}
