// Business events through the real gateway, Kafka and the jobs: the rules and their exact messages, an event over a
// window with known telemetry whose measured impact is checked against hand-computed values (total, per target, per
// asset), later telemetry re-measuring it, a new collection member followed by the rule, the events overlapping a
// window per target, the expected impact, and the other tenant and a plain User refused.
import { randomUUID } from 'node:crypto';
import {
  BUSINESS_EVENT_RULE_MESSAGES,
  type BusinessEventBand,
  type BusinessEventDto,
  type BusinessEventImpactResponse,
  type CollectionDetailDto,
  type CreateTagsResponse,
  type AssignTagsSummary,
  type TelemetryIngestResponse,
  type UpsertAssetsResponse,
} from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { callAs, organizationSession } from './support/api-client';

jest.setTimeout(180_000);

const run = randomUUID().slice(0, 8);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Twenty days back at midnight: the baseline is day0's first hours, the event the day after.
const day0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 20 * DAY_MS;
const hour = (n: number) => new Date(day0 + n * HOUR_MS).toISOString();

let admin: ReturnType<typeof callAs>;
let user: ReturnType<typeof callAs>;
let acme: ReturnType<typeof callAs>;
let a: string;
let b: string;
let c: string;
let collectionId: string;
let tagId: string;

const impactOf = (id: string) =>
  admin<BusinessEventImpactResponse>('GET', `assets/business-event/impact?businessEventId=${id}`);

beforeAll(async () => {
  admin = callAs(await organizationSession('admin'));
  user = callAs(await organizationSession('user'));
  acme = callAs(await organizationSession('acme', 'acme'));
  // A: 2 × 2.5 GHz = 5 WCU; B: 4 × 2 GHz, previous generation = 6.8 WCU; C: 1 × 2 GHz = 2 WCU.
  const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
    assets: [
      { externalId: `i-be-${run}-a`, name: `be-${run}-a`, cpu_cores: 2, cpu_speed: 2.5, current_generation: true },
      { externalId: `i-be-${run}-b`, name: `be-${run}-b`, cpu_cores: 4, cpu_speed: 2, current_generation: false },
      { externalId: `i-be-${run}-c`, name: `be-${run}-c`, cpu_cores: 1, cpu_speed: 2, current_generation: true },
    ],
  });
  expect(upserted.status).toBe(200);
  [a, b, c] = upserted.body.results.map((result) => result.id);
  // Baseline [hour 0, hour 24): A 4 hours at 20 % (cost 1), B 2 hours at 50 % (cost 2).
  // During [hour 24, hour 48): A 4 hours at 40 % (cost 2), B nothing.
  const samples = [
    ...[0, 1, 2, 3].map((h) => ({ assetId: a, hour: hour(h), cpuUtil: 20, cost: 1 })),
    ...[0, 1].map((h) => ({ assetId: b, hour: hour(h), cpuUtil: 50, cost: 2 })),
    ...[24, 25, 26, 27].map((h) => ({ assetId: a, hour: hour(h), cpuUtil: 40, cost: 2 })),
    // Outside both windows: never counted.
    { assetId: a, hour: hour(48), cpuUtil: 100, cost: 50 },
    { assetId: b, hour: hour(-1), cpuUtil: 100, cost: 50 },
  ];
  await pollUntil('analytics knows the assets', async () => {
    const sent = await admin<TelemetryIngestResponse>('POST', 'telemetry', { samples });
    return sent.body.accepted === samples.length;
  });
  const collection = await admin<CollectionDetailDto>('POST', 'collections', { name: `be-${run}`, assetIds: [a] });
  collectionId = collection.body.id;
  const created = await admin<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: `be-${run}`, value: 'b' }] });
  tagId = created.body.tags[0].id;
  await pollUntil('tagging knows asset B', async () => {
    const assigned = await admin<AssignTagsSummary>('POST', 'tags/batchAssignTags', { tagIds: [tagId], assetIds: [b] });
    return assigned.status === 200;
  });
});

describe('business events through the gateway', () => {
  it('refuses each broken rule with its exact message, and a taken name whatever its case', async () => {
    const valid = { name: `be-${run}-rules`, startDate: hour(0), endDate: hour(1) };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: 'has space' }, BUSINESS_EVENT_RULE_MESSAGES.name],
      [{ ...valid, name: 'x'.repeat(51) }, BUSINESS_EVENT_RULE_MESSAGES.name],
      [{ ...valid, description: 'no spaces allowed' }, BUSINESS_EVENT_RULE_MESSAGES.description],
      [{ ...valid, endDate: hour(-1) }, BUSINESS_EVENT_RULE_MESSAGES.dates],
      [{ ...valid, startDate: undefined }, BUSINESS_EVENT_RULE_MESSAGES.dates],
    ];
    for (const [body, message] of cases) {
      const response = await admin<{ message: string | string[] }>('POST', 'business-events', body);
      expect(response.status).toBe(400);
      expect([response.body.message].flat().join(' ')).toContain(message);
    }
    // End equal to start is allowed.
    expect((await admin('POST', 'business-events', { ...valid, endDate: valid.startDate })).status).toBe(201);
    const again = await admin<{ code: string; message: string }>('POST', 'business-events', {
      ...valid,
      name: valid.name.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'BUSINESS_EVENT_NAME_TAKEN', message: BUSINESS_EVENT_RULE_MESSAGES.name });
  });

  it('measures the impact against hand-computed values, per target and per asset, and re-measures new telemetry', async () => {
    const created = await admin<BusinessEventDto>('POST', 'business-events', {
      name: `be-${run}-launch`,
      description: 'Product_launch,day-1',
      startDate: hour(24),
      endDate: hour(48),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ assetCount: 0, startDate: hour(24), endDate: hour(48) });
    // Assign: the collection (A) and the tag (B).
    const assigned = await admin<BusinessEventDto>('PATCH', `business-events/${created.body.id}`, {
      assignment: { collectionIds: [collectionId], tagIds: [tagId], assetIds: [] },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      assetCount: 2,
      assignment: { collectionIds: [collectionId], tagIds: [tagId], assetIds: [] },
    });

    const impact = await pollUntil(
      'the impact is measured',
      async () => {
        const response = await impactOf(created.body.id);
        // The telemetry of beforeAll may still be rolling up: its roll-up measures the event again.
        return response.status === 200 && response.body.measured?.cost.during === 8 ? response.body : undefined;
      },
      { timeoutMs: 90_000 },
    );
    expect(impact).toMatchObject({ baselineStartDate: hour(0), baselineEndDate: hour(24) });
    // Workload-hours: A baseline 5 × 0.2 × 4 = 4, during 5 × 0.4 × 4 = 8; B baseline 6.8 × 0.5 × 2 = 6.8, during 0.
    // Total 10.8 → 8: change −2.8, 100 × −2.8 / 10.8 = −25.9 %. Cost: A 4 → 8, B 4 → 0, total 8 → 8.
    expect(impact.measured).toEqual({
      workloadHours: { baseline: 10.8, during: 8, change: -2.8, changePercent: -25.9 },
      cost: { baseline: 8, during: 8, change: 0, changePercent: 0 },
    });
    const byAsset = new Map(impact.assets.map((asset) => [asset.assetId, asset]));
    expect(byAsset.get(a)).toMatchObject({
      workloadHours: { baseline: 4, during: 8, change: 4, changePercent: 100 },
      cost: { baseline: 4, during: 8, change: 4, changePercent: 100 },
    });
    expect(byAsset.get(b)).toMatchObject({
      workloadHours: { baseline: 6.8, during: 0, change: -6.8, changePercent: -100 },
      cost: { baseline: 4, during: 0, change: -4, changePercent: -100 },
    });
    const byTarget = new Map(impact.targets.map((target) => [target.kind, target]));
    expect(byTarget.get('collection')).toMatchObject({
      id: collectionId,
      name: `be-${run}`,
      assetCount: 1,
      workloadHours: { baseline: 4, during: 8 },
    });
    expect(byTarget.get('tag')).toMatchObject({
      id: tagId,
      name: `be-${run}:b`,
      assetCount: 1,
      workloadHours: { baseline: 6.8, during: 0 },
    });

    // New telemetry inside the window: B 2 hours at 25 % during → 6.8 × 0.25 × 2 = 3.4 more workload-hours.
    const later = await admin<TelemetryIngestResponse>('POST', 'telemetry', {
      samples: [
        { assetId: b, hour: hour(30), cpuUtil: 25 },
        { assetId: b, hour: hour(31), cpuUtil: 25 },
      ],
    });
    expect(later.body.accepted).toBe(2);
    await pollUntil(
      'the impact is measured again',
      async () => (await impactOf(created.body.id)).body.measured?.workloadHours.during === 11.4,
      { timeoutMs: 90_000 },
    );
  });

  it('follows a rule: a new collection member joins the event; the event is a band of every target it touches', async () => {
    const created = await admin<BusinessEventDto>('POST', 'business-events', {
      name: `be-${run}-follow`,
      startDate: hour(24),
      endDate: hour(48),
      assignment: { collectionIds: [collectionId], tagIds: [], assetIds: [] },
    });
    expect(created.body.assetCount).toBe(1);
    expect((await admin('PUT', `collections/${collectionId}/assets`, { add: [c] })).status).toBe(200);
    await pollUntil('the rule follows the collection', async () => {
      const event = await admin<BusinessEventDto>('GET', `business-events/${created.body.id}`);
      return event.body.assetCount === 2;
    });
    const window = `startDate=${hour(0)}&endDate=${hour(72)}`;
    const bandsOf = async (target: string, query = '') =>
      (await admin<BusinessEventBand[]>('GET', `business-events/target/${target}?${window}${query}`)).body.map(
        (band) => band.name,
      );
    expect(await bandsOf(c)).toContain(`be-${run}-follow`);
    expect(await bandsOf(collectionId)).toContain(`be-${run}-follow`);
    expect(await bandsOf(b)).not.toContain(`be-${run}-follow`);
    // Outside the window: not listed.
    const before = await admin<BusinessEventBand[]>(
      'GET',
      `business-events/target/${c}?startDate=${hour(-48)}&endDate=${hour(0)}`,
    );
    expect(before.body.map((band) => band.name)).not.toContain(`be-${run}-follow`);
  });

  it('keeps the expected impact beside the measured one; a User reads but cannot write; another tenant sees nothing', async () => {
    const created = await admin<BusinessEventDto>('POST', 'business-events', {
      name: `be-${run}-expected`,
      startDate: hour(24),
      endDate: hour(48),
      assignment: { collectionIds: [], tagIds: [], assetIds: [a, b] },
    });
    const put = await admin('PUT', 'business-events/impact', {
      businessEventId: created.body.id,
      impacts: [
        { assetId: a, impactPercent: 10 },
        { assetId: b, impactPercent: 30 },
      ],
    });
    expect(put.status).toBe(200);
    // An asset the event does not cover is refused.
    const foreign = await admin<{ code: string }>('PUT', 'business-events/impact', {
      businessEventId: created.body.id,
      impacts: [{ assetId: c, impactPercent: 10 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('BUSINESS_EVENT_IMPACT_INVALID');
    await pollUntil('analytics has the expected impact', async () => {
      const impact = await impactOf(created.body.id);
      return impact.body.expectedImpactPercent === 20 ? impact.body : undefined;
    });

    expect((await user('GET', `business-events/${created.body.id}`)).status).toBe(200);
    expect((await user('PATCH', `business-events/${created.body.id}`, { description: 'by-a-user' })).status).toBe(403);
    expect((await acme('GET', `business-events/${created.body.id}`)).status).toBe(404);
    expect((await acme('GET', `assets/business-event/impact?businessEventId=${created.body.id}`)).status).toBe(404);
    expect((await acme('PATCH', `business-events/${created.body.id}`, { description: 'x' })).status).toBe(404);
    expect((await acme('GET', `business-events/target/${a}?startDate=${hour(0)}&endDate=${hour(72)}`)).status).toBe(
      404,
    );
    const list = await acme<{ items: BusinessEventDto[] }>('GET', `business-events?search=be-${run}`);
    expect(list.body.items).toEqual([]);
  });
});
