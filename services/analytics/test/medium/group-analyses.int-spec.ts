// Medium tier: the group analyses rate and sum their assets in the database (ratings.sql.ts); each asset must get
// exactly the ratings ratingsOf gives it (the asset analyses' path), and the group the weighted means, bins and lists
// of ratings.ts, on a random fleet over the hourly path (samples), the daily path (rollups) and the period sums.
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AssetRatings, AssetUpsertedPayload } from '@infra/contracts';
import { EventPublisher, MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import type { Tenant } from '@infra/platform';
import { migratedTestDatabase } from '@infra/platform/testing';
import { AnalysesRepository, type TargetFilter } from '../../src/analyses/analyses.repository';
import { AnalysesService } from '../../src/analyses/analyses.service';
import { DAY_MS, HOUR_MS, resolveHorizon, type Horizon } from '../../src/analyses/horizon';
import { ANALYTICS_MIGRATIONS } from '../../src/analytics.service-definition';
import { distributionOf, groupRatings } from '../../src/ratings/ratings';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import type { AnalyticsScheduler } from '../../src/rollups/analytics.jobs';
import { PeriodsRepository } from '../../src/rollups/periods.repository';
import { OrgHourlyRepository } from '../../src/rollups/org-hourly.repository';
import { RollupsRepository } from '../../src/rollups/rollups.repository';
import { TelemetryRepository } from '../../src/telemetry/telemetry.repository';
import { TelemetryService } from '../../src/telemetry/telemetry.service';
import { expectNear } from './expect-near';

/** A seeded generator (mulberry32): the same fleet on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('group analyses in SQL (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let dataSource: DataSource;
  let analyses: AnalysesService;
  let repository: AnalysesRepository;
  let rollups: RollupsRepository;
  const readModels = new ReadModelsRepository();
  const next = random(20261126);
  // The same fleet on every run: ids from the seeded generator (the database sums in the order of their hashes and
  // keys), and a fixed clock: yesterday at 14:23 UTC, so the hours fall on the same UTC days and horizon edges
  // whenever the test runs (with Date.now() a run near midnight had other daily sums than one at noon). Yesterday,
  // not a fixed date: telemetry older than 400 days is refused.
  const seededId = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const tenant: Tenant = { organizationId: seededId(), accountId: seededId(), userId: seededId(), role: 'Admin' };
  const whole: TargetFilter = { organizationId: tenant.organizationId, tagIds: [], collectionIds: [] };
  const assetIds = Array.from({ length: 40 }, seededId);
  const now = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS + 14 * HOUR_MS + 23 * 60_000;
  const currentHour = Math.floor(now / HOUR_MS) * HOUR_MS;

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_group_analyses',
      [...MESSAGING_MIGRATIONS, ...ANALYTICS_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    dataSource = database.dataSource;
    rollups = new RollupsRepository(dataSource, new OrgHourlyRepository());
    repository = new AnalysesRepository(dataSource);
    analyses = new AnalysesService(repository, rollups);
    const ingest = new TelemetryService(
      new TelemetryRepository(dataSource, new OrgHourlyRepository()),
      new EventPublisher(),
      {
        rollUp: async () => undefined,
      } as unknown as AnalyticsScheduler,
    );
    await dataSource.transaction(async (manager) => {
      for (const [index, assetId] of assetIds.entries()) {
        // Odd speeds and cores (wcu stored as real), unknown speeds (assumed), previous generations.
        const attributes: AssetUpsertedPayload['attributes'] = {
          cpu_cores: 1 + Math.floor(next() * 16),
          ...(index % 5 === 0 ? { instance_type: 'm4.large' } : { cpu_speed: 1.7 + Math.round(next() * 170) / 100 }),
          current_generation: index % 3 !== 0,
        };
        await readModels.upsertAsset(manager, tenant.organizationId, {
          assetId,
          externalId: `i-${index}`,
          name: `asset-${String(index).padStart(2, '0')}`,
          status: (['active', 'offline', 'pending', 'archived'] as const)[index % 4],
          collectionIds: [],
          attributes,
        });
      }
    });
    // Eight days of hours, each asset reporting from a random start, with gaps, idle and hot assets, costs on some;
    // the last four assets never report.
    const samples: Record<string, unknown>[] = [];
    for (const [index, assetId] of assetIds.slice(0, -4).entries()) {
      const firstHour = Math.floor(next() * 8 * 24);
      const level = next() * 100;
      for (let hour = firstHour; hour < 8 * 24; hour++) {
        if (next() < 0.15) continue;
        const time = currentHour - (8 * 24 - hour) * HOUR_MS;
        const cpuUtil = Math.round(Math.min(100, Math.max(0, level + (next() - 0.5) * 60)) * 100) / 100;
        samples.push({
          assetId,
          hour: new Date(time).toISOString(),
          cpuUtil,
          ...(index % 4 === 0 ? {} : { memUtil: Math.round(next() * 10000) / 100 }),
          ...(index % 3 === 0 ? {} : { cost: Math.round(next() * 1000) / 1000 }),
        });
      }
    }
    const sent = await ingest.ingest(tenant, { kind: 'json', body: { samples } });
    expect(sent.rejected).toEqual([]);
    while ((await rollups.drain(tenant.organizationId)) > 0);
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** Each asset's ratings through the asset analysis (ratingsOf in Node). */
  async function ratedInNode(horizon: Horizon): Promise<Map<string, AssetRatings & { wcu: number }>> {
    const rated = new Map<string, AssetRatings & { wcu: number }>();
    for (const assetId of assetIds) {
      const answer = await analyses.systemRatings({ target: { ...whole, assetId }, horizon });
      rated.set(assetId, { assetId, name: '', ...answer.ratings, inputs: answer.inputs!, wcu: answer.inputs!.wcu });
    }
    return rated;
  }

  async function expectSameAsNode(horizon: Horizon): Promise<void> {
    const inNode = await ratedInNode(horizon);
    const group = await analyses.systemRatings({ target: whole, horizon });
    const figures = await repository.ratedGroup(whole, horizon, await rollups.thresholdsOf(tenant.organizationId), {
      lowest: 1000,
    });
    // Every rated asset, to the last bit, with the inputs a user sees.
    expect(figures.lowest.length).toBe([...inNode.values()].filter((asset) => asset.infraRating !== null).length);
    expect(figures.lowest.length).toBeGreaterThan(20);
    for (const asset of group.lowest!) {
      const { wcu: _wcu, name: _name, ...expected } = inNode.get(asset.assetId)!;
      const { name: _ours, ...actual } = asset;
      expect(actual).toEqual(expected);
    }
    expect(group.lowest!.map((asset) => asset.infraRating)).toEqual(
      [...group.lowest!.map((asset) => asset.infraRating)].sort((a, b) => a! - b!),
    );
    const values = [...inNode.values()];
    // Weighted means of the rounded ratings: the same up to the order of the sums (±0.1 at a rounding edge).
    const expected = groupRatings(values.map((asset) => ({ wcu: asset.wcu, values: asset })));
    for (const key of ['infraRating', 'risk', 'optimization', 'volatility', 'dataHealth'] as const)
      expect(Math.abs(group.ratings[key]! - expected[key]!)).toBeLessThanOrEqual(0.1 + 1e-9);
    expect(group.distribution).toEqual(distributionOf(values.map((asset) => asset.infraRating)));
    expect(group).toMatchObject({ assets: assetIds.length, assetsReporting: figures.reporting });
    // What the ratings job publishes for inventory: the same ratings, every rated asset.
    expect(await analyses.ratingsOfOrganization(tenant.organizationId, horizon)).toEqual(
      values
        .filter((asset) => asset.infraRating !== null)
        .sort((a, b) => (a.assetId < b.assetId ? -1 : 1))
        .map(({ assetId, infraRating, risk, optimization, volatility, dataHealth }) => ({
          assetId,
          infraRating,
          risk,
          optimization,
          volatility,
          dataHealth,
        })),
    );
  }

  it('rates every asset as ratingsOf does over the samples (hourly), the rollups (daily) and a custom range', async () => {
    await expectSameAsNode({ start: currentHour - 3 * DAY_MS, end: currentHour, granularity: 'hour' });
    await expectSameAsNode(resolveHorizon('7d', now));
    await expectSameAsNode(resolveHorizon('30d', now));
    await expectSameAsNode({
      start: Math.floor(now / DAY_MS) * DAY_MS - 5 * DAY_MS,
      end: Math.floor(now / DAY_MS) * DAY_MS - DAY_MS,
      granularity: 'day',
    });
  });

  it('rates from the period sums, and the closed windows from their kept ratings, exactly as from the rollups', async () => {
    const horizons = [resolveHorizon('7d', now), resolveHorizon('30d', now)];
    const before = await Promise.all(horizons.map((horizon) => analyses.systemRatings({ target: whole, horizon })));
    const overviews = await Promise.all(
      horizons.map((horizon) => analyses.businessOverview({ target: whole, horizon })),
    );
    // The week before the last has a day of samples: ratings to compare with.
    expect(overviews[0].highlights.ratingChanges.length).toBeGreaterThan(0);
    await new PeriodsRepository(dataSource, rollups).refresh(tenant.organizationId, now);
    const [{ kept }] = await dataSource.query(
      `SELECT count(infra_rating)::int AS kept FROM asset_periods WHERE organization_id = $1 AND period = 'previous-7d'`,
      [tenant.organizationId],
    );
    expect(kept).toBeGreaterThan(0);
    for (const [index, horizon] of horizons.entries()) {
      // Ratings to the bit. Money at full precision, which the two paths reach only as far as their arithmetic
      // agrees: the period sums add the daily rollups' float8 values in another order (~1e-15 relative), and keep each
      // asset's p95 as real (float4, 7 significant digits) where the rollups compute it in float8, which moves the
      // savings' (1 − p95/max) by up to ~1e-8 relative. 1e-7 relative covers both and is far under anything shown.
      // (Compared exactly after rounding to four decimals, a sum on a rounding edge flaked: monthlySavings 16.4991
      // against 16.4992.)
      const ratings = await analyses.systemRatings({ target: whole, horizon });
      expect(ratings.ratings).toEqual(before[index].ratings);
      expect(ratings.lowest).toEqual(before[index].lowest);
      expectNear(ratings, before[index], { relative: 1e-7 });
      expectNear(await analyses.businessOverview({ target: whole, horizon }), overviews[index], { relative: 1e-7 });
      await expectSameAsNode(horizon);
    }
  });

  it('lists the business overview from the same figures as the asset analyses', async () => {
    const horizon = resolveHorizon('7d', now);
    const overview = await analyses.businessOverview({ target: whole, horizon });
    const inNode = await ratedInNode(horizon);
    const assets = await repository.assets(whole, horizon, await rollups.thresholdsOf(tenant.organizationId));
    expect(overview.totalCost).toBeCloseTo(
      assets.reduce((total, asset) => total + asset.cost, 0),
      4,
    );
    expect(overview.byStatus).toEqual({ active: 10, offline: 10, pending: 10, archived: 10 });
    expect(overview.ratingDistribution).toEqual(distributionOf([...inNode.values()].map((asset) => asset.infraRating)));
    // The largest idle costs, largest gaps and savings, in order, from each asset's sums.
    const idle = [...assets].filter((asset) => asset.idleCost > 0).sort((a, b) => b.idleCost - a.idleCost);
    expect(overview.topIdle.map((asset) => asset.assetId)).toEqual(idle.slice(0, 10).map((asset) => asset.assetId));
    const gaps = assets
      .filter((asset) => asset.hoursOverMax + asset.hoursBelowMin > 0)
      .map((asset) => asset.hoursOverMax + asset.hoursBelowMin)
      .sort((a, b) => b - a);
    expect(overview.highlights.largestGaps.map((asset) => asset.hoursOverMax + asset.hoursBelowMin)).toEqual(
      gaps.slice(0, 5),
    );
    // Rating changes against the period before, each the difference of the two asset ratings.
    const previous = await ratedInNode({ ...horizon, start: horizon.start - 7 * DAY_MS, end: horizon.start });
    for (const change of overview.highlights.ratingChanges) {
      expect(change.infraRating).toBe(inNode.get(change.assetId)!.infraRating);
      expect(change.previous).toBe(previous.get(change.assetId)!.infraRating);
      expect(change.change).toBe(Math.round((change.infraRating - change.previous) * 10) / 10);
    }
  });

  it("compares an asset's unit cost with its site's, the cheapest other site's and its peers' across the account", async () => {
    const account = randomUUID();
    const [ours, theirs] = [randomUUID(), randomUUID()];
    const day0 = Math.floor(now / DAY_MS) * DAY_MS - 2 * DAY_MS;
    const ingest = new TelemetryService(
      new TelemetryRepository(dataSource, new OrgHourlyRepository()),
      new EventPublisher(),
      {
        rollUp: async () => undefined,
      } as unknown as AnalyticsScheduler,
    );
    // [organization, site, instance type, cores (× 2 GHz), cost per hour]: unit cost = cost / wcu per hour.
    const fleet = [
      [ours, 'east', 't1', 1, 1], // 0.5: the asset compared
      [ours, 'east', 't2', 2, 1], // 0.25
      [ours, 'west', 't1', 1, 0.5], // 0.25
      [ours, 'north', 't1', 1, 0.3], // 0.15
      [ours, 'north', 't1', 1, 0.5], // 0.25
      [theirs, 'east', 't1', 1, 2], // 1: a peer in another organization of the account
    ] as const;
    const ids = fleet.map(() => randomUUID());
    await dataSource.transaction(async (manager) => {
      for (const [index, [organizationId, site, type, cores]] of fleet.entries())
        await readModels.upsertAsset(manager, organizationId, {
          assetId: ids[index],
          externalId: `u-${index}`,
          name: `u-${index}`,
          status: 'active',
          collectionIds: [],
          attributes: { site, instance_type: type, cpu_cores: cores, cpu_speed: 2 },
        });
      for (const organizationId of [ours, theirs])
        await manager.query(`INSERT INTO organization_accounts VALUES ($1, $2)`, [organizationId, account]);
    });
    for (const organizationId of [ours, theirs]) {
      const samples = fleet.flatMap(([owner, , , , cost], index) =>
        owner === organizationId
          ? [0, 1].map((hour) => ({
              assetId: ids[index],
              hour: new Date(day0 + hour * HOUR_MS).toISOString(),
              cpuUtil: 50,
              cost,
            }))
          : [],
      );
      await ingest.ingest({ ...tenant, organizationId, accountId: account }, { kind: 'json', body: { samples } });
      while ((await rollups.drain(organizationId)) > 0);
    }
    const horizon: Horizon = { start: day0, end: day0 + DAY_MS, granularity: 'day' };
    const answer = await analyses.systemRatings({
      target: { organizationId: ours, assetId: ids[0], tagIds: [], collectionIds: [] },
      horizon,
    });
    expect(answer.unitCost).toMatchObject({
      unitCost: 0.5,
      site: 0.375, // east: 0.5 and 0.25
      alternateSite: { site: 'north', unitCost: 0.2 }, // t1 elsewhere: west 0.25, north (0.15 + 0.25) / 2
      peer: 0.25, // t1 in both organizations: 0.15, 0.25, 0.25, 0.5, 1
    });
    // The same over a standard horizon, from the unit costs kept by site and instance type of one organization (built
    // by its period refresh) and the rollups of the other; then from both organizations' kept unit costs.
    const periods = new PeriodsRepository(dataSource, rollups);
    const compared = async () =>
      (
        await analyses.systemRatings({
          target: { organizationId: ours, assetId: ids[0], tagIds: [], collectionIds: [] },
          horizon: resolveHorizon('30d', now),
        })
      ).unitCost;
    const kept = async (organizationId: string) => {
      const [window] = await dataSource.query<{ current: boolean }[]>(
        `SELECT (w.unit_costs_version, w.unit_costs_assets_version)
                  IS NOT DISTINCT FROM (w.sums_version, coalesce(v.version, 0)) AS current
           FROM period_windows w LEFT JOIN unit_cost_asset_versions v ON v.organization_id = w.organization_id
          WHERE w.organization_id = $1 AND w.period = '30d'`,
        [organizationId],
      );
      return window.current;
    };
    await periods.refresh(ours, now);
    expect(await kept(ours)).toBe(true);
    expect(await compared()).toEqual(answer.unitCost);
    await periods.refresh(theirs, now);
    expect(await kept(theirs)).toBe(true);
    expect(await compared()).toEqual(answer.unitCost);

    // The comparison reads the kept arrays while they are current: changed behind the product's back, they show.
    await dataSource.query(
      `UPDATE period_unit_costs SET unit_costs = '{0.1}'
        WHERE organization_id = $1 AND period = '30d' AND site = 'east' AND instance_type = 't1'`,
      [ours],
    );
    expect((await compared()).site).toBe(0.175); // east: 0.1 and 0.25

    // An asset moves from north to east: the kept unit costs are out of date at once (the period sums serve), and the
    // next refresh rebuilds them.
    const moved = await dataSource.transaction((manager) =>
      readModels.upsertAsset(manager, ours, {
        assetId: ids[3],
        externalId: 'u-3',
        name: 'u-3',
        status: 'active',
        collectionIds: [],
        attributes: { site: 'east', instance_type: 't1', cpu_cores: 1, cpu_speed: 2 },
      }),
    );
    expect(moved).toMatchObject({ capacityChanged: false, unitCostsChanged: true });
    expect(await kept(ours)).toBe(false);
    const afterMove = {
      ...answer.unitCost,
      site: 0.25, // east: 0.5, 0.25 and 0.15
      alternateSite: { site: 'north', unitCost: 0.25 }, // t1 elsewhere: west 0.25, north 0.25 (ties by name)
      peer: 0.25, // t1 in both organizations: 0.15, 0.25, 0.25, 0.5, 1
    };
    expect(await compared()).toEqual(afterMove);
    await periods.refresh(ours, now);
    expect(await kept(ours)).toBe(true);
    expect(await compared()).toEqual(afterMove);
  });
});
