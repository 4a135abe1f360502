// The analyses through the real gateway, Kafka and the rollup jobs: each target type (asset, collection,
// organization, and a view's filter on the organization) with hand-computed figures, the tag and collection filters,
// hourly and daily horizons, the Data-Integration header, and the other tenant's ids refused.
import { randomUUID } from 'node:crypto';
import type {
  AssignTagsSummary,
  CollectionDetailDto,
  CreateTagsResponse,
  SystemRatingsResponse,
  TelemetryIngestResponse,
  UpsertAssetsResponse,
  WorkloadGapResponse,
  WorkloadResponse,
} from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { call, callAs, organizationSession } from './support/api-client';

jest.setTimeout(120_000);

const run = randomUUID().slice(0, 8);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Ten days back at midnight: far enough that no demo telemetry generator hour collides with a custom horizon edge.
const day0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS;
const hour = (n: number) => new Date(day0 + n * HOUR_MS).toISOString();
/** Custom horizons: one day hourly, and nine days (daily buckets). */
const oneDay = `${hour(0)}/${hour(24)}`;
const nineDays = `${hour(-96)}/${hour(120)}`;

let admin: ReturnType<typeof callAs>;
let user: ReturnType<typeof callAs>;
let acme: ReturnType<typeof callAs>;
let a: string;
let b: string;
let tagId: string;
let collectionId: string;

beforeAll(async () => {
  admin = callAs(await organizationSession('admin'));
  user = callAs(await organizationSession('user'));
  acme = callAs(await organizationSession('acme', 'acme'));
  // A: 2 × 2.5 GHz = 5 WCU; B: 4 × 2 GHz, previous generation = 6.8 WCU.
  const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
    assets: [
      { externalId: `i-an-${run}-a`, name: `an-${run}-a`, cpu_cores: 2, cpu_speed: 2.5, current_generation: true },
      { externalId: `i-an-${run}-b`, name: `an-${run}-b`, cpu_cores: 4, cpu_speed: 2, current_generation: false },
    ],
  });
  expect(upserted.status).toBe(200);
  [a, b] = upserted.body.results.map((result) => result.id);
  const samples = [
    { assetId: a, hour: hour(0), cpuUtil: 20, cost: 1 },
    { assetId: a, hour: hour(1), cpuUtil: 50, cost: 1 },
    { assetId: a, hour: hour(2), cpuUtil: 70, cost: 1 },
    { assetId: a, hour: hour(3), cpuUtil: 100, cost: 1 },
    { assetId: b, hour: hour(0), cpuUtil: 50, cost: 2 },
    { assetId: b, hour: hour(1), cpuUtil: 50, cost: 2 },
  ];
  await pollUntil('analytics knows the assets', async () => {
    const sent = await admin<TelemetryIngestResponse>('POST', 'telemetry', { samples });
    return sent.body.accepted === samples.length;
  });
  const collection = await admin<CollectionDetailDto>('POST', 'collections', { name: `an-${run}`, assetIds: [a] });
  collectionId = collection.body.id;
  const created = await admin<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: `an-${run}`, value: 'b' }] });
  tagId = created.body.tags[0].id;
  await pollUntil('tagging knows asset B', async () => {
    const assigned = await admin<AssignTagsSummary>('POST', 'tags/batchAssignTags', { tagIds: [tagId], assetIds: [b] });
    return assigned.status === 200;
  });
});

describe('analyses through the gateway', () => {
  it('answers for an asset: hourly workload by hand, ratings with their inputs, Data-Integration ok', async () => {
    const workload = await admin<WorkloadResponse>('GET', `assets/${a}/workload?timeHorizon=${oneDay}`);
    expect(workload.status).toBe(200);
    expect(workload.headers.get('data-integration')).toBe('ok');
    expect(workload.body.series.slice(0, 4).map((point) => point.workload)).toEqual([1, 2.5, 3.5, 5]);
    expect(workload.body).toMatchObject({ horizon: { granularity: 'hour', hours: 24 }, workloadHours: 12 });
    const ratings = await admin<SystemRatingsResponse>('GET', `assets/${a}/system-ratings?timeHorizon=${oneDay}`);
    // The demo account's thresholds change under other tests (identity-api sets random ones): the expectations
    // follow the thresholds the answer used. With 40–60 they are ratings.spec.ts's hand values (risk 40.6,
    // optimization 25). Volatility and data health do not depend on them: σ/μ = 29.15/60, and
    // 100 × (0.7 × 4/24 + 0.3 × 4/24) = 16.7 (four costs this time).
    const { min, max } = ratings.body.inputs!.thresholds;
    const cpu = [20, 50, 70, 100];
    const inBand = cpu.filter((u) => u >= min && u <= max).length;
    const overMax = cpu.filter((u) => u > max).length;
    const risk = cpu.reduce((sum, u) => sum + (u <= max ? 0 : 0.5 + 0.5 * Math.min(1, (u - max) / (100 - max))), 0);
    expect(ratings.body.ratings).toMatchObject({
      risk: Math.round((1000 * risk) / 4) / 10,
      optimization: Math.round((1000 * inBand) / 4) / 10,
      volatility: 48.6,
      dataHealth: 16.7,
    });
    expect(ratings.body.inputs).toMatchObject({
      hours: 4,
      expectedHours: 24,
      hoursInBand: inBand,
      hoursOverMax: overMax,
      wcu: 5,
    });
  });

  it('answers for a collection and for the organization narrowed by a tag (a view is such a filter)', async () => {
    await pollUntil('the collection reaches analytics', async () => {
      const response = await admin<WorkloadResponse>(
        'GET',
        `collections/${collectionId}/workload?timeHorizon=${oneDay}`,
      );
      return response.status === 200 && response.body.workloadHours === 12;
    });
    await pollUntil('the tag assignment reaches analytics', async () => {
      const response = await admin<WorkloadResponse>(
        'GET',
        `organizations/workload?timeHorizon=${oneDay}&tagIds=${tagId}`,
      );
      // B: 6.8 WCU × 50 % × 2 hours
      return response.body.assets === 1 && Math.abs(response.body.workloadHours - 6.8) < 1e-6;
    });
    const gap = await admin<WorkloadGapResponse>(
      'GET',
      `organizations/workload-gap-analysis?timeHorizon=${oneDay}&tagIds=${tagId}`,
    );
    expect(gap.body.summary).toMatchObject({ bucketsOutOfBand: 0, gapAbove: 0, gapBelow: 0 });
    // A plain User reads the analyses too.
    expect((await user('GET', `collections/${collectionId}/summary?timeHorizon=${oneDay}`)).status).toBe(200);
  });

  it('reads the daily rollups within seconds of the samples', async () => {
    // Daily buckets over nine days: only day0 has samples. Capacity-hours 5 × 4 + 6.8 × 2, workload 12 + 6.8.
    await pollUntil(
      'the rollup job rolled the day up',
      async () => {
        const response = await admin<WorkloadResponse>(
          'GET',
          `organizations/workload?timeHorizon=${nineDays}&tagIds=${tagId}`,
        );
        // Full precision: B's 6.8 WCU is stored as float4 (6.800000190734863 once summed in float8).
        return response.body.horizon.granularity === 'day' && Math.abs(response.body.workloadHours - 6.8) < 1e-6;
      },
      // Seconds normally; longer when a threshold change (identity-api sets random ones) is rolling the whole demo
      // organization up again, since new asset-days wait their turn behind that.
      { timeoutMs: 60_000 },
    );
    const daily = await admin<WorkloadResponse>('GET', `collections/${collectionId}/workload?timeHorizon=${nineDays}`);
    expect(daily.body).toMatchObject({ capacityHours: 20, workloadHours: 12 });
    expect(daily.body.series).toHaveLength(9);
  });

  it('says empty when the target has no samples in the horizon', async () => {
    const before = `${hour(-48)}/${hour(-24)}`;
    const response = await admin<WorkloadResponse>('GET', `collections/${collectionId}/workload?timeHorizon=${before}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('data-integration')).toBe('empty');
    expect(response.body.hasData).toBe(false);
  });

  it("refuses another tenant's asset and collection, and never counts them in its own organization", async () => {
    expect((await acme('GET', `assets/${a}/workload`)).status).toBe(404);
    expect((await acme('GET', `collections/${collectionId}/summary`)).status).toBe(404);
    const theirs = await acme<WorkloadResponse>('GET', `organizations/workload?timeHorizon=${oneDay}&tagIds=${tagId}`);
    expect(theirs.body).toMatchObject({ assets: 0, hasData: false });
    expect(theirs.headers.get('data-integration')).toBe('empty');
  });

  it('refuses a bad horizon, a bad filter and a query without an organization', async () => {
    const bad = await admin<{ code: string }>('GET', 'organizations/workload?timeHorizon=3w');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('ANALYTICS_HORIZON_INVALID');
    expect((await admin<{ code: string }>('GET', 'organizations/workload?tagIds=x')).body.code).toBe(
      'ANALYTICS_FILTER_INVALID',
    );
    const session = await organizationSession('admin');
    expect((await call('GET', 'organizations/workload', { token: session.token })).status).toBe(400);
    // A malformed id in the path names nothing: the same Not Found as an unknown id, not a filter's message.
    const asset = await admin<{ code: string; message: string }>('GET', 'assets/not-a-uuid/system-ratings');
    expect([asset.status, asset.body.code, asset.body.message]).toEqual([
      404,
      'ANALYTICS_ASSET_NOT_FOUND',
      'Oops! Asset Not Found',
    ]);
    const collection = await admin<{ code: string }>('GET', 'collections/not-a-uuid/summary');
    expect([collection.status, collection.body.code]).toEqual([404, 'ANALYTICS_COLLECTION_NOT_FOUND']);
    // Filters of more than 100 ids, or of something else than ids, are the filter's own 400 too.
    const many = Array.from({ length: 101 }, () => randomUUID()).join(',');
    for (const query of [`tagIds=${many}`, `collectionIds=${tagId},x`, `tagIds=${tagId}&extra=1`])
      expect((await admin<{ code: string }>('GET', `organizations/workload?${query}`)).body.code).toBe(
        'ANALYTICS_FILTER_INVALID',
      );
    expect((await admin('GET', `organizations/workload?timeHorizon=${oneDay}&tagIds=${tagId}|${tagId}`)).status).toBe(
      200,
    );
  });

  it('changes the financial settings with their own 400 for a bad change, and only for an Admin', async () => {
    // (A bare JSON string or null never gets this far: the JSON parser refuses it for every route.)
    for (const body of [{ currency: 'usd' }, { priceListFallback: 'yes' }, { currency: 'EUR', other: 1 }, []]) {
      const refused = await admin<{ code: string }>('PUT', 'data/financial', body);
      expect([body, refused.status, refused.body.code]).toEqual([body, 400, 'ANALYTICS_FINANCIAL_SETTINGS_INVALID']);
    }
    expect((await user('PUT', 'data/financial', { currency: 'EUR' })).status).toBe(403);
    const { currency } = (await admin<{ currency: string }>('GET', 'data/financial')).body;
    expect((await admin<{ currency: string }>('PUT', 'data/financial', { currency: 'EUR' })).body.currency).toBe('EUR');
    // A change of one setting leaves the other as it was.
    const { priceListFallback } = (await admin<{ priceListFallback: boolean }>('GET', 'data/financial')).body;
    const back = await admin<{ currency: string; priceListFallback: boolean }>('PUT', 'data/financial', { currency });
    expect([back.status, back.body.currency, back.body.priceListFallback]).toEqual([200, currency, priceListFallback]);
  });
});
