// Medium tier: the analyses on a scratch PostgreSQL database with the real migrations, against values computed by
// hand (the same fixture as ratings.spec.ts). Samples go in through the ingest service, the rollup job's drain
// rolls them up, and the hourly path (samples) and the daily path (rollups) must agree.
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AssetUpsertedPayload } from '@infra/contracts';
import { EventPublisher, MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import type { Tenant } from '@infra/platform';
import { migratedTestDatabase } from '@infra/platform/testing';
import { AnalysesRepository, type TargetFilter } from '../../src/analyses/analyses.repository';
import { AnalysesService } from '../../src/analyses/analyses.service';
import { DAY_MS, HOUR_MS, resolveHorizon, STANDARD_PERIOD_NAMES, type Horizon } from '../../src/analyses/horizon';
import { ANALYTICS_MIGRATIONS } from '../../src/analytics.service-definition';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import type { AnalyticsScheduler } from '../../src/rollups/analytics.jobs';
import { PeriodsRepository } from '../../src/rollups/periods.repository';
import { OrgHourlyRepository } from '../../src/rollups/org-hourly.repository';
import { RollupsRepository } from '../../src/rollups/rollups.repository';
import { TelemetryRepository } from '../../src/telemetry/telemetry.repository';
import { TelemetryService } from '../../src/telemetry/telemetry.service';
import { expectNear } from './expect-near';

/** Hand values are exact decimals; capacities are stored as float4 (≤ 6e-8 relative from them). */
const expectClose = (actual: unknown, expected: unknown) => expectNear(actual, expected, { relative: 1e-7 });

describe('analyses (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let dataSource: DataSource;
  let analyses: AnalysesService;
  let rollups: RollupsRepository;
  const readModels = new ReadModelsRepository();
  const tenant: Tenant = { organizationId: randomUUID(), accountId: randomUUID(), userId: randomUUID(), role: 'Admin' };
  const other: Tenant = { ...tenant, organizationId: randomUUID() };
  const [a, b, idle] = [randomUUID(), randomUUID(), randomUUID()];
  const tag = randomUUID();
  const collection = randomUUID();
  // Three days before today (UTC): whole days in the past.
  const day0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS;
  const hour = (n: number) => new Date(day0 + n * HOUR_MS).toISOString();
  const hourly: Horizon = { start: day0, end: day0 + DAY_MS, granularity: 'hour' };
  const daily: Horizon = { start: day0, end: day0 + DAY_MS, granularity: 'day' };
  const whole: TargetFilter = { organizationId: tenant.organizationId, tagIds: [], collectionIds: [] };

  const asset = (assetId: string, externalId: string, attributes: AssetUpsertedPayload['attributes']) => ({
    assetId,
    externalId,
    name: externalId,
    status: 'active' as const,
    collectionIds: [],
    attributes,
  });

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_analyses',
      [...MESSAGING_MIGRATIONS, ...ANALYTICS_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    dataSource = database.dataSource;
    rollups = new RollupsRepository(dataSource, new OrgHourlyRepository());
    analyses = new AnalysesService(new AnalysesRepository(dataSource), rollups);
    const ingest = new TelemetryService(
      new TelemetryRepository(dataSource, new OrgHourlyRepository()),
      new EventPublisher(),
      {
        rollUp: async () => undefined,
      } as unknown as AnalyticsScheduler,
    );
    await dataSource.transaction(async (manager) => {
      // A: 2 cores × 2.5 GHz = 5 WCU, no list price. B: m4.large, no speed: 4 × 2.3 (list) × 0.85 = 7.82 WCU.
      await readModels.upsertAsset(manager, tenant.organizationId, asset(a, 'i-a', { cpu_cores: 2, cpu_speed: 2.5 }));
      await readModels.upsertAsset(
        manager,
        tenant.organizationId,
        asset(b, 'i-b', { cpu_cores: 4, instance_type: 'm4.large', current_generation: false }),
      );
      await readModels.upsertAsset(
        manager,
        tenant.organizationId,
        asset(idle, 'i-idle', { cpu_cores: 1, cpu_speed: 2 }),
      );
      await readModels.upsertAsset(manager, other.organizationId, asset(randomUUID(), 'i-x', { cpu_cores: 64 }));
      await readModels.applyTagAssignments(manager, tenant.organizationId, {
        assignments: [{ tagId: tag, assetId: b }],
        unassignments: [],
      });
      await readModels.applyCollectionChanged(manager, tenant.organizationId, {
        collectionId: collection,
        name: 'web',
        assetIds: [a],
        deleted: false,
      });
    });
    const sent = await ingest.ingest(tenant, {
      kind: 'json',
      body: {
        samples: [
          { assetId: a, hour: hour(0), cpuUtil: 20, cost: 1 },
          { assetId: a, hour: hour(1), cpuUtil: 50, cost: 1 },
          { assetId: a, hour: hour(2), cpuUtil: 70, cost: 1 },
          { assetId: a, hour: hour(3), cpuUtil: 100 },
          { assetId: b, hour: hour(0), cpuUtil: 50, cost: 2 },
          { assetId: b, hour: hour(1), cpuUtil: 50, cost: 2 },
        ],
      },
    });
    expect(sent).toEqual({ accepted: 6, rejected: [] });
    await ingest.ingest(other, {
      kind: 'json',
      body: { samples: [{ externalId: 'i-x', hour: hour(0), cpuUtil: 99 }] },
    });
    expect(await rollups.drain(tenant.organizationId)).toBe(1);
    expect(await rollups.recomputeOrgHourly(tenant.organizationId)).toBe(0); // the loads kept the hourly totals
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('rates each asset and the organization by hand, the same from samples (hourly) and rollups (daily)', async () => {
    for (const horizon of [hourly, daily]) {
      const ofA = await analyses.systemRatings({ target: { ...whole, assetId: a }, horizon });
      expect(ofA.ratings).toEqual({
        infraRating: 35.2,
        risk: 40.6,
        optimization: 25,
        volatility: 48.6,
        dataHealth: 15.4,
      });
      expect(ofA.inputs).toMatchObject({
        hours: 4,
        expectedHours: 24,
        hoursInBand: 1,
        hoursOverMax: 2,
        hoursWithCost: 3,
      });
      const ofB = await analyses.systemRatings({ target: { ...whole, assetId: b }, horizon });
      // 2 hours in band, data health 100 × (0.7 × 2/24 + 0.3 × 2/24) − 10 (speed from the price list) < 0 → 0
      expect(ofB.ratings).toEqual({ infraRating: 75, risk: 0, optimization: 100, volatility: 0, dataHealth: 0 });
      expect(ofB.inputs).toMatchObject({ wcu: 7.82, assumedSpeed: true });
      const group = await analyses.systemRatings({ target: whole, horizon });
      // wcu-weighted: (5 × 35.2 + 7.82 × 75) / 12.82; the idle asset has no samples and no ratings
      expect(group.ratings).toEqual({
        infraRating: 59.5,
        risk: 15.8,
        optimization: 70.7,
        volatility: 19,
        dataHealth: 6,
      });
      expect(group).toMatchObject({ assets: 3, assetsReporting: 2, hasData: true });
    }
  });

  it('sums workload per hour and flags the buckets out of the 40–60 % band', async () => {
    const workload = await analyses.workload({ target: whole, horizon: hourly });
    // h0: 5 × 0.2 + 7.82 × 0.5 = 4.91 of 12.82; h1: 2.5 + 3.91 = 6.41; h2: 3.5 of 5; h3: 5 of 5
    expectClose(
      workload.series.slice(0, 4).map((point) => [point.capacity, point.workload, point.utilization]),
      [
        [12.82, 4.91, (100 * 4.91) / 12.82],
        [12.82, 6.41, 50],
        [5, 3.5, 70],
        [5, 5, 100],
      ],
    );
    expect(workload.series).toHaveLength(24);
    expectClose(workload, { capacityHours: 35.64, workloadHours: 19.82, utilization: (100 * 19.82) / 35.64 });
    const gap = await analyses.workloadGap({ target: whole, horizon: hourly });
    expectClose(
      gap.series.slice(0, 5).map((point) => [point.gap, point.outOfBand]),
      [
        [4.91 - 12.82 * 0.4, true], // −0.218
        [0, false],
        [0.5, true], // 3.5 − 5 × 0.6
        [2, true],
        [null, false], // no samples: no data, neither in nor out of band
      ],
    );
    // right size: p95 of 3.5, 4.91, 5, 6.41 (nearest rank 4 of 4) / 0.6; mean capacity of the 4 hours with data
    expectClose(gap.summary, {
      bucketsOutOfBand: 3,
      gapAbove: 2.5,
      gapBelow: 4.91 - 12.82 * 0.4,
      capacity: 35.64 / 4,
      rightSizeCapacity: 6.41 / 0.6,
    });
    const day = await analyses.workload({ target: whole, horizon: daily });
    expectClose(day.series, [
      { time: hour(0), capacity: 35.64 / 24, workload: 19.82 / 24, utilization: (100 * 19.82) / 35.64, assets: 2 },
    ]);
  });

  it('says null, not zero, for every value of a bucket in which no asset reported, and sums only the others', async () => {
    // Hours 4–23 of day0 have no sample: null in every series, and the totals and statistics are those of hours 0–3.
    const [workload, cost, gap, utilization] = await Promise.all([
      analyses.workload({ target: whole, horizon: hourly }),
      analyses.costAnalysis({ target: whole, horizon: hourly }),
      analyses.workloadGap({ target: whole, horizon: hourly }),
      analyses.systemUtilization({ target: whole, horizon: hourly }),
    ]);
    for (const index of [4, 12, 23]) {
      const time = hour(index);
      expect(workload.series[index]).toEqual({ time, capacity: null, workload: null, utilization: null, assets: 0 });
      expect(cost.series[index]).toEqual({ time, cost: null, idleCost: null });
      expect(gap.series[index]).toEqual({
        time,
        capacity: null,
        workload: null,
        lower: null,
        upper: null,
        gap: null,
        outOfBand: false,
      });
      expect(utilization.series[index]).toEqual({ time, cpu: null, memory: null });
    }
    expect(workload.series.filter((point) => point.workload === null)).toHaveLength(20);
    // Statistics of the four hours with data: 38.29…, 50, 70, 100 (a zero for each empty hour would make avg 10.8).
    expectClose(utilization.cpu, { avg: ((100 * 4.91) / 12.82 + 50 + 70 + 100) / 4, p95: 100, max: 100 });
    // One asset: its hourly samples; the hours it did not report are null (h2 and h3 for B).
    const ofB = await analyses.systemUtilization({ target: { ...whole, assetId: b }, horizon: hourly });
    expect(ofB.series.slice(0, 3).map((point) => point.cpu)).toEqual([50, 50, null]);
    // Daily: the nine days before day0 have no sample (the months before the first sample of a long horizon).
    const nineDays: Horizon = { start: day0 - 9 * DAY_MS, end: day0 + DAY_MS, granularity: 'day' };
    const daily = await analyses.workload({ target: { ...whole, assetId: a }, horizon: nineDays });
    expect(daily.series.map((point) => point.workload === null)).toEqual([...Array(9).fill(true), false]);
    expectClose(daily.series[9], { capacity: 20 / 24, workload: 12 / 24, utilization: 60, assets: 1 });
    const dailyCost = await analyses.costAnalysis({ target: { ...whole, assetId: a }, horizon: nineDays });
    expect(dailyCost.series.slice(0, 9).every((point) => point.cost === null && point.idleCost === null)).toBe(true);
    expect(dailyCost.cost).toBe(3);
    // A target without any sample: every bucket null, no mean capacity, no right size.
    const none = await analyses.workloadGap({ target: { ...whole, assetId: idle }, horizon: nineDays });
    expect(none.hasData).toBe(false);
    expect(none.series.every((point) => point.workload === null && !point.outOfBand)).toBe(true);
    expect(none.summary).toEqual({
      bucketsOutOfBand: 0,
      gapAbove: 0,
      gapBelow: 0,
      capacity: null,
      rightSizeCapacity: null,
    });
  });

  it('prices cost, idle cost and unit cost, and breaks cost down by tag and collection', async () => {
    for (const horizon of [hourly, daily]) {
      const cost = await analyses.costAnalysis({ target: whole, horizon });
      // A: 1 + 1 + 1 (the fourth hour has no cost and A no list price); B: 2 + 2
      // idle: 1 × 0.8 + 1 × 0.5 + 1 × 0.3 + 2 × 0.5 × 2 = 3.6; per WCU-hour used: 7 / 19.82;
      // unit cost: 7 / (5 × 3 + 7.82 × 2) = 7 / 30.64
      expectClose(cost, { cost: 7, idleCost: 3.6, costPerWcuHourUsed: 7 / 19.82, unitCost: 7 / 30.64 });
      expectClose(cost.byTag, [{ id: tag, label: tag, cost: 4, idleCost: 2 }]);
      expectClose(cost.byCollection, [{ id: collection, label: 'web', cost: 3, idleCost: 1.6 }]);
    }
  });

  it('sends money at full precision: a unit cost of 0.024856 $/WCU-hour is not 0.0249', async () => {
    // 1 core × 1 GHz = 1 WCU; an hour costing 0.024856 (exact in numeric): unit cost 0.024856 / 1. In an
    // organization of its own, so that the other tests' figures stay those of their fixture.
    const cheap = randomUUID();
    const own: Tenant = { ...tenant, organizationId: randomUUID() };
    await dataSource.transaction((manager) =>
      readModels.upsertAsset(manager, own.organizationId, asset(cheap, 'i-cheap', { cpu_cores: 1, cpu_speed: 1 })),
    );
    const ingest = new TelemetryService(
      new TelemetryRepository(dataSource, new OrgHourlyRepository()),
      new EventPublisher(),
      {
        rollUp: async () => undefined,
      } as unknown as AnalyticsScheduler,
    );
    const at = day0 - 2 * DAY_MS;
    const sent = await ingest.ingest(own, {
      kind: 'json',
      body: {
        samples: [
          { assetId: cheap, hour: new Date(at).toISOString(), cpuUtil: 25, cost: 0.024856 },
          { assetId: cheap, hour: new Date(at + HOUR_MS).toISOString(), cpuUtil: 75, cost: 0.0012 },
        ],
      },
    });
    expect(sent.rejected).toEqual([]);
    await rollups.drain(own.organizationId);
    const target: TargetFilter = { organizationId: own.organizationId, tagIds: [], collectionIds: [], assetId: cheap };
    const hours: Horizon = { start: at, end: at + HOUR_MS, granularity: 'hour' };
    const days: Horizon = { start: at, end: at + DAY_MS, granularity: 'day' };
    for (const horizon of [hours, days]) {
      const ratings = await analyses.systemRatings({ target, horizon });
      const cost = await analyses.costAnalysis({ target, horizon });
      const expected = horizon === hours ? 0.024856 : (0.024856 + 0.0012) / 2;
      // At least six significant digits (here: the exact quotient of the sums up to the float8 rounding).
      expect(ratings.unitCost.unitCost).toBeCloseTo(expected, 12);
      expect(cost.unitCost).toBeCloseTo(expected, 12);
      expect(cost.cost).toBeCloseTo(horizon === hours ? 0.024856 : 0.026056, 12);
    }
    const hourCost = await analyses.costAnalysis({ target, horizon: hours });
    expect(hourCost.series[0].cost).toBeCloseTo(0.024856, 12);
    // 0.024856 × 0.75 idle
    expect(hourCost.idleCost).toBeCloseTo(0.018642, 12);
    expect(hourCost.costPerWcuHourUsed).toBeCloseTo(0.024856 / 0.25, 12);
  });

  it('narrows by tag and by collection, and knows no other organization', async () => {
    const byTag = await analyses.workload({ target: { ...whole, tagIds: [tag] }, horizon: hourly });
    expect(byTag).toMatchObject({ assets: 1, capacityHours: 15.64, workloadHours: 7.82 });
    const byCollection = await analyses.workload({ target: { ...whole, collectionId: collection }, horizon: daily });
    expect(byCollection).toMatchObject({ assets: 1, capacityHours: 20, workloadHours: 12 });
    const theirs = await analyses.workload({ target: { ...whole, organizationId: randomUUID() }, horizon: hourly });
    expect(theirs).toMatchObject({ assets: 0, hasData: false, capacityHours: 0 });
    await expect(
      analyses.checkTarget({ ...whole, organizationId: other.organizationId, assetId: a }),
    ).rejects.toMatchObject({
      code: 'ANALYTICS_ASSET_NOT_FOUND',
    });
  });

  it('says empty for a horizon without samples', async () => {
    const before: Horizon = { start: day0 - DAY_MS, end: day0, granularity: 'hour' };
    const utilization = await analyses.systemUtilization({ target: whole, horizon: before });
    expect(utilization).toMatchObject({ hasData: false, cpu: { avg: null, p95: null, max: null } });
    const ratings = await analyses.systemRatings({ target: { ...whole, assetId: a }, horizon: before });
    expect(ratings.ratings).toEqual({
      infraRating: null,
      risk: null,
      optimization: null,
      volatility: null,
      dataHealth: 0,
    });
  });

  it('answers the standard horizons from the period sums exactly as from the rollups', async () => {
    const periods = new PeriodsRepository(dataSource, rollups);
    for (const key of ['7d', '30d'] as const) {
      const horizon = resolveHorizon(key, Date.now());
      const fromRollups = await analyses.systemRatings({ target: whole, horizon });
      const fromSamples = await analyses.costAnalysis({ target: whole, horizon });
      const overview = await analyses.businessOverview({ target: whole, horizon });
      expect(await periods.refresh(tenant.organizationId)).toBeGreaterThan(0);
      expect(await periods.refresh(tenant.organizationId)).toBe(0); // nothing pending, no window moved
      const [window] = await dataSource.query(
        `SELECT complete FROM period_windows WHERE organization_id = $1 AND period = $2`,
        [tenant.organizationId, key],
      );
      expect(window.complete).toBe(true);
      expect(await analyses.systemRatings({ target: whole, horizon })).toEqual(fromRollups);
      expect(await analyses.costAnalysis({ target: whole, horizon })).toEqual(fromSamples);
      // Both the horizon and the period before it from the sums, in one read.
      expect(await analyses.businessOverview({ target: whole, horizon })).toEqual(overview);
      // A change to an asset's rollups makes its period sums pending again.
      await dataSource.transaction((manager) => rollups.markAll(manager, tenant.organizationId, [a]));
      await rollups.drain(tenant.organizationId);
      const [{ pending }] = await dataSource.query(
        `SELECT count(*)::int AS pending FROM period_pending WHERE organization_id = $1 AND asset_id = $2`,
        [tenant.organizationId, a],
      );
      expect(pending).toBe(STANDARD_PERIOD_NAMES.length); // each standard horizon and the one before it
    }
  });

  it('redoes the threshold counts when every day is marked again', async () => {
    await dataSource.query(`INSERT INTO organization_accounts VALUES ($1, $2)`, [
      tenant.organizationId,
      tenant.accountId,
    ]);
    await dataSource.query(`INSERT INTO account_thresholds VALUES ($1, 10, 90, now())`, [tenant.accountId]);
    await dataSource.transaction((manager) => rollups.markAll(manager, tenant.organizationId));
    await rollups.drain(tenant.organizationId);
    const ofA = await analyses.systemRatings({ target: { ...whole, assetId: a }, horizon: daily });
    // 10–90: 20, 50 and 70 in band; 100 over: r = 1 → risk 25
    expect(ofA.inputs).toMatchObject({ hoursInBand: 3, hoursOverMax: 1, thresholds: { min: 10, max: 90 } });
    expect(ofA.ratings.risk).toBe(25);
  });
});
