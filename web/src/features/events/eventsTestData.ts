import type { BusinessEventDto, BusinessEventImpactResponse, MeasuredImpact } from '@infra/contracts';

/** Canned business events and impacts for the event pages' tests (imported by tests only). */

export const EVENT_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

export function eventFixture(overrides: Partial<BusinessEventDto> = {}): BusinessEventDto {
  return {
    id: EVENT_ID,
    name: 'Black_Friday',
    description: 'Yearly_sale',
    startDate: '2026-11-27T00:00:00.000Z',
    endDate: '2026-11-30T23:59:00.000Z',
    assignment: { collectionIds: [], tagIds: [], assetIds: [] },
    assetCount: 0,
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}

export function measuredFixture(workload: [number, number], cost: [number, number]): MeasuredImpact {
  const figures = ([baseline, during]: [number, number]) => ({
    baseline,
    during,
    change: during - baseline,
    changePercent: baseline === 0 ? null : (100 * (during - baseline)) / baseline,
  });
  return { workloadHours: figures(workload), cost: figures(cost) };
}

export function impactFixture(overrides: Partial<BusinessEventImpactResponse> = {}): BusinessEventImpactResponse {
  return {
    businessEventId: EVENT_ID,
    name: 'Black_Friday',
    startDate: '2026-11-27T00:00:00.000Z',
    endDate: '2026-11-30T23:59:00.000Z',
    baselineStartDate: '2026-11-23T00:01:00.000Z',
    baselineEndDate: '2026-11-27T00:00:00.000Z',
    currency: 'USD',
    measuredAt: '2026-12-01T01:00:00.000Z',
    measured: measuredFixture([200, 250], [1000, 1500]),
    targets: [
      { kind: 'collection', id: 'c1', name: 'Web tier', assetCount: 2, ...measuredFixture([200, 250], [1000, 1500]) },
    ],
    assets: [
      { assetId: 'a1', name: 'web-0001', expectedImpactPercent: null, ...measuredFixture([100, 150], [500, 900]) },
      { assetId: 'a2', name: 'db-0001', expectedImpactPercent: null, ...measuredFixture([100, 100], [500, 600]) },
    ],
    expectedImpactPercent: null,
    ...overrides,
  };
}
