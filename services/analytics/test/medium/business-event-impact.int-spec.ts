// Medium tier: the measured impact of business events on a scratch PostgreSQL database with the real migrations.
// Events arrive through the consumer (inbox), samples through the ingest service, the rollup job's drain rolls them up,
// the measurement job measures, and the figures are checked against values computed by hand.
import { KafkaContext } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  type AssetUpsertedPayload,
  type BusinessEventChangedPayload,
  type EventEnvelope,
  type ImpactUpsertedPayload,
  PRICE_LIST,
  TOPICS,
} from '@infra/contracts';
import {
  EventPublisher,
  InboxConsumer,
  type KafkaProducer,
  MESSAGING_ENTITIES,
  MESSAGING_MIGRATIONS,
} from '@infra/messaging';
import type { CallerContext, Tenant } from '@infra/platform';
import { migratedTestDatabase } from '@infra/platform/testing';
import { AnalysesRepository } from '../../src/analyses/analyses.repository';
import { DAY_MS, HOUR_MS } from '../../src/analyses/horizon';
import { ANALYTICS_MIGRATIONS } from '../../src/analytics.service-definition';
import { BusinessEventImpactController } from '../../src/business-events/business-event-impact.controller';
import { BusinessEventImpactService } from '../../src/business-events/business-event-impact.service';
import { BusinessEventsConsumer } from '../../src/business-events/business-events.consumer';
import { MeasureBusinessEventJob } from '../../src/business-events/business-events.jobs';
import { BusinessEventsRepository } from '../../src/business-events/business-events.repository';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import type { AnalyticsScheduler } from '../../src/rollups/analytics.jobs';
import { OrgHourlyRepository } from '../../src/rollups/org-hourly.repository';
import { RollupsRepository } from '../../src/rollups/rollups.repository';
import { TelemetryRepository } from '../../src/telemetry/telemetry.repository';
import { TelemetryService } from '../../src/telemetry/telemetry.service';

describe('business event impact (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let dataSource: DataSource;
  let rollups: RollupsRepository;
  let events: BusinessEventsRepository;
  let consumer: BusinessEventsConsumer;
  let impacts: BusinessEventImpactService;
  let measureJob: MeasureBusinessEventJob;
  let ingest: TelemetryService;
  const deadLetters: string[] = [];
  /** The measurements the consumer queued (after its commit). */
  const queued: string[] = [];
  const readModels = new ReadModelsRepository();
  const tenant: Tenant = { organizationId: randomUUID(), accountId: randomUUID(), userId: randomUUID(), role: 'Admin' };
  const other: Tenant = { ...tenant, organizationId: randomUUID() };
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  const [collection, tag] = [randomUUID(), randomUUID()];
  const [launch, quiet] = [randomUUID(), randomUUID()];
  // Ten UTC days before today: D(n) is that midnight plus n days, all in the past.
  const day0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS;
  const at = (dayIndex: number, hour = 0) => new Date(day0 + dayIndex * DAY_MS + hour * HOUR_MS).toISOString();
  const listPrice = PRICE_LIST.instanceTypes['m6i.large'].pricePerHour; // 0.096

  const asset = (assetId: string, name: string, attributes: AssetUpsertedPayload['attributes']) => ({
    assetId,
    externalId: name,
    name,
    status: 'active' as const,
    collectionIds: [],
    attributes,
  });

  /**
   * "launch": D3 18:00 → D6 06:00 (60 hours); baseline D1 06:00 → D3 18:00. Whole days: D2 (baseline), D4 and D5
   * (during); the rest are edge hours read from the samples.
   */
  const launchEvent = (changes: Partial<BusinessEventChangedPayload> = {}): BusinessEventChangedPayload => ({
    businessEventId: launch,
    name: 'launch',
    description: '',
    startDate: at(3, 18),
    endDate: at(6, 6),
    assetIds: [a, b],
    targets: [
      { kind: 'collection', id: collection, name: 'web', assetIds: [a, b] },
      { kind: 'tag', id: tag, name: 'env:prod', assetIds: [b] },
      { kind: 'asset', id: a, name: 'i-a', assetIds: [a] },
    ],
    deleted: false,
    ...changes,
  });

  let clock = Date.now();
  const envelope = <T>(type: string, payload: T, organizationId = tenant.organizationId): EventEnvelope<T> => ({
    eventId: randomUUID(),
    type,
    occurredAt: new Date((clock += 1000)).toISOString(),
    accountId: tenant.accountId,
    organizationId,
    actorId: tenant.userId,
    payload,
  });

  /** How Kafka hands the consumer one message of the topic. */
  const delivery = (topic: string, event: EventEnvelope) =>
    new KafkaContext([
      {
        key: Buffer.from(event.organizationId ?? ''),
        value: Buffer.from(JSON.stringify(event)),
        timestamp: String(Date.now()),
        attributes: 0,
        offset: '0',
        headers: {},
      },
      0,
      topic,
      undefined as never,
      async () => undefined,
      undefined as never,
    ]);

  const changed = (payload: BusinessEventChangedPayload, organizationId?: string) =>
    consumer.onChanged(
      delivery(TOPICS.eventsBusinessEventChanged, envelope(TOPICS.eventsBusinessEventChanged, payload, organizationId)),
    );
  const expected = (payload: ImpactUpsertedPayload) =>
    consumer.onImpactUpserted(delivery(TOPICS.eventsImpactUpserted, envelope(TOPICS.eventsImpactUpserted, payload)));
  const measure = (businessEventId: string, organizationId = tenant.organizationId) =>
    measureJob.process({ organizationId, businessEventId });

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_business_events',
      [...MESSAGING_MIGRATIONS, ...ANALYTICS_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    dataSource = database.dataSource;
    rollups = new RollupsRepository(dataSource, new OrgHourlyRepository());
    events = new BusinessEventsRepository(dataSource);
    impacts = new BusinessEventImpactService(events, new AnalysesRepository(dataSource));
    measureJob = new MeasureBusinessEventJob(events);
    const producer = { send: async (topic: string) => void deadLetters.push(topic) } as unknown as KafkaProducer;
    // No Redis in this tier: the queued measurements are recorded and run by hand.
    consumer = new BusinessEventsConsumer(new InboxConsumer(dataSource, producer, { maxAttempts: 1 }), events, {
      measureBusinessEvent: async (_organizationId: string, businessEventId: string) =>
        void queued.push(businessEventId),
    } as unknown as AnalyticsScheduler);
    ingest = new TelemetryService(
      new TelemetryRepository(dataSource, new OrgHourlyRepository()),
      new EventPublisher(),
      {
        rollUp: async () => undefined,
      } as unknown as AnalyticsScheduler,
    );
    await dataSource.transaction(async (manager) => {
      // A: 2 cores × 2 GHz = 4 WCU. B: 1 × 2.5 = 2.5 WCU, an m6i.large (cost falls back to its list price, 0.096/h).
      // C: 1 × 2 = 2 WCU.
      await readModels.upsertAsset(manager, tenant.organizationId, asset(a, 'i-a', { cpu_cores: 2, cpu_speed: 2 }));
      await readModels.upsertAsset(
        manager,
        tenant.organizationId,
        asset(b, 'i-b', { cpu_cores: 1, cpu_speed: 2.5, instance_type: 'm6i.large' }),
      );
      await readModels.upsertAsset(manager, tenant.organizationId, asset(c, 'i-c', { cpu_cores: 1, cpu_speed: 2 }));
    });
    const sent = await ingest.ingest(tenant, {
      kind: 'json',
      body: {
        samples: [
          { assetId: a, hour: at(1, 5), cpuUtil: 100, cost: 9 }, // before the baseline
          { assetId: a, hour: at(1, 6), cpuUtil: 50, cost: 1 }, // baseline, edge
          { assetId: a, hour: at(2, 12), cpuUtil: 25, cost: 1 }, // baseline, whole day
          { assetId: a, hour: at(3, 17), cpuUtil: 75, cost: 1 }, // baseline, edge
          { assetId: a, hour: at(3, 18), cpuUtil: 50, cost: 2 }, // during, edge
          { assetId: a, hour: at(4, 0), cpuUtil: 100, cost: 2 }, // during, whole day
          { assetId: a, hour: at(5, 23), cpuUtil: 50, cost: 2 }, // during, whole day
          { assetId: a, hour: at(6, 5), cpuUtil: 25, cost: 2 }, // during, edge
          { assetId: a, hour: at(6, 6), cpuUtil: 100, cost: 9 }, // the end: not counted
          { assetId: b, hour: at(2, 0), cpuUtil: 40 }, // baseline, whole day
          { assetId: b, hour: at(4, 12), cpuUtil: 80 }, // during, whole day
          { assetId: b, hour: at(6, 0), cpuUtil: 20 }, // during, edge
          { assetId: c, hour: at(8, 10), cpuUtil: 50, cost: 1 }, // "quiet" (D8), nothing in its baseline (D7)
        ],
      },
    });
    expect(sent).toEqual({ accepted: 13, rejected: [] });
    expect(await rollups.drain(tenant.organizationId)).toBe(7); // D1–D6 and D8
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('stores a new event and queues its measurement; the impact is unmeasured until the job ran', async () => {
    await changed(launchEvent());
    expect(deadLetters).toEqual([]);
    expect(queued).toEqual([launch]);
    const before = await impacts.impact(tenant.organizationId, launch);
    expect(before).toMatchObject({
      businessEventId: launch,
      name: 'launch',
      startDate: at(3, 18),
      endDate: at(6, 6),
      baselineStartDate: at(1, 6),
      baselineEndDate: at(3, 18),
      currency: PRICE_LIST.currency,
      measuredAt: null,
      measured: null,
      expectedImpactPercent: null,
    });
    expect(before.targets.map((target) => [target.kind, target.name, target.assetCount])).toEqual([
      ['collection', 'web', 2],
      ['tag', 'env:prod', 1],
      ['asset', 'i-a', 1],
    ]);
    expect(before.assets.map((item) => [item.name, item.workloadHours.changePercent])).toEqual([
      ['i-a', null],
      ['i-b', null],
    ]);
  });

  it('measures the total, each target and each asset by hand', async () => {
    await measure(launch);
    const impact = await impacts.impact(tenant.organizationId, launch);
    expect(Date.parse(impact.measuredAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Workload-hours = wcu × cpu / 100 per hour; D1 05:00 (before) and D6 06:00 (the end) are not counted.
    // A (4 WCU): baseline 4 × (0.5 + 0.25 + 0.75) = 6, cost 1 + 1 + 1 = 3;
    //            during 4 × (0.5 + 1 + 0.5 + 0.25) = 9, cost 2 + 2 + 2 + 2 = 8.
    // B (2.5 WCU, list price 0.096): baseline 2.5 × 0.4 = 1, cost 0.096; during 2.5 × (0.8 + 0.2) = 2.5, cost 0.192.
    const ofA = {
      workloadHours: { baseline: 6, during: 9, change: 3, changePercent: 50 },
      cost: { baseline: 3, during: 8, change: 5, changePercent: 166.7 }, // 100 × 5 / 3
    };
    const ofB = {
      workloadHours: { baseline: 1, during: 2.5, change: 1.5, changePercent: 150 },
      cost: { baseline: listPrice, during: 2 * listPrice, change: listPrice, changePercent: 100 },
    };
    // Total (A + B): workload 7 → 11.5 (+4.5, 100 × 4.5 / 7 = 64.29 %); cost 3.096 → 8.192 (+5.096, 164.60 %).
    const total = {
      workloadHours: { baseline: 7, during: 11.5, change: 4.5, changePercent: 64.3 },
      cost: { baseline: 3.096, during: 8.192, change: 5.096, changePercent: 164.6 },
    };
    expect(impact.measured).toEqual(total);
    expect(impact.targets).toEqual([
      { kind: 'collection', id: collection, name: 'web', assetCount: 2, ...total },
      { kind: 'tag', id: tag, name: 'env:prod', assetCount: 1, ...ofB },
      { kind: 'asset', id: a, name: 'i-a', assetCount: 1, ...ofA },
    ]);
    expect(impact.assets).toEqual([
      { assetId: a, name: 'i-a', expectedImpactPercent: null, ...ofA },
      { assetId: b, name: 'i-b', expectedImpactPercent: null, ...ofB },
    ]);
    // Measuring again replaces the measurement with the same figures (idempotent).
    await measure(launch);
    expect((await impacts.impact(tenant.organizationId, launch)).measured).toEqual(total);
    const [{ rows }] = await dataSource.query(
      `SELECT count(*)::int AS rows FROM business_event_impacts WHERE organization_id = $1 AND event_id = $2`,
      [tenant.organizationId, launch],
    );
    expect(rows).toBe(1 + 3 + 2); // the event, its targets, its assets
  });

  it('has no change percent when the baseline has no data', async () => {
    // "quiet": D8 (a whole day), baseline D7 (a whole day) without samples; C: 2 × 0.5 = 1 workload-hour, cost 1.
    await changed({
      businessEventId: quiet,
      name: 'quiet',
      description: '',
      startDate: at(8),
      endDate: at(9),
      assetIds: [c],
      targets: [{ kind: 'asset', id: c, name: 'i-c', assetIds: [c] }],
      deleted: false,
    });
    await measure(quiet);
    const impact = await impacts.impact(tenant.organizationId, quiet);
    const figures = {
      workloadHours: { baseline: 0, during: 1, change: 1, changePercent: null },
      cost: { baseline: 0, during: 1, change: 1, changePercent: null },
    };
    expect(impact).toMatchObject({ baselineStartDate: at(7), baselineEndDate: at(8), measured: figures });
    expect(impact.targets).toEqual([{ kind: 'asset', id: c, name: 'i-c', assetCount: 1, ...figures }]);
  });

  it('another organization cannot read it, nor measure it; a bad id is a 400', async () => {
    await expect(impacts.impact(other.organizationId, launch)).rejects.toMatchObject({
      status: 404,
      code: 'BUSINESS_EVENT_NOT_FOUND',
      message: 'Oops! Event Not Found',
    });
    await expect(impacts.impact(tenant.organizationId, randomUUID())).rejects.toMatchObject({ status: 404 });
    await measure(launch, other.organizationId);
    expect((await impacts.impact(tenant.organizationId, launch)).measured).not.toBeNull();
    const controller = new BusinessEventImpactController(impacts);
    const caller: CallerContext = { ...tenant, systemAdmin: false };
    for (const bad of [undefined, '', 'not-a-uuid', [launch, launch]]) {
      let thrown: unknown;
      try {
        await controller.impact(caller, bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ status: 400, code: 'BUSINESS_EVENT_ID_INVALID' });
    }
    expect((await controller.impact(caller, launch)).name).toBe('launch');
  });

  it('expected impacts replace the previous set; the mean is over the assets that have one', async () => {
    await expected({
      businessEventId: launch,
      impacts: [
        { assetId: a, impactPercent: 10 },
        { assetId: b, impactPercent: 25 },
      ],
    });
    let impact = await impacts.impact(tenant.organizationId, launch);
    expect(impact.assets.map((item) => item.expectedImpactPercent)).toEqual([10, 25]);
    expect(impact.expectedImpactPercent).toBe(17.5);
    await expected({ businessEventId: launch, impacts: [{ assetId: a, impactPercent: -5 }] });
    impact = await impacts.impact(tenant.organizationId, launch);
    expect(impact.assets.map((item) => item.expectedImpactPercent)).toEqual([-5, null]);
    expect(impact.expectedImpactPercent).toBe(-5);
  });

  it('re-measures when new samples are rolled up in its window; other events are left alone', async () => {
    const before = (await impacts.impact(tenant.organizationId, launch)).measured;
    // A at D4 06:00 (a whole day of the event): 4 × 0.5 = 2 more workload-hours, 2 more cost.
    expect(
      await ingest.ingest(tenant, {
        kind: 'json',
        body: { samples: [{ assetId: a, hour: at(4, 6), cpuUtil: 50, cost: 2 }] },
      }),
    ).toEqual({ accepted: 1, rejected: [] });
    // Whole days are read from the daily rollups: nothing changes until the rollup ran.
    await measure(launch);
    expect((await impacts.impact(tenant.organizationId, launch)).measured).toEqual(before);
    const days = await rollups.drainDays(tenant.organizationId);
    expect(days).toEqual([at(4).slice(0, 10)]);
    // The rollup job's trigger: the events whose [baseline start, end) overlap the rolled days.
    expect(await events.requestForDays(tenant.organizationId, days)).toEqual([launch]);
    expect(await events.requestForDays(other.organizationId, days)).toEqual([]);
    expect(await events.due(0, 100)).toEqual([{ organizationId: tenant.organizationId, eventId: launch }]);
    await measure(launch);
    const after = await impacts.impact(tenant.organizationId, launch);
    // Total during: 11.5 + 2 = 13.5 (+6.5 on 7 = 92.86 %); cost 8.192 + 2 = 10.192 (+7.096 on 3.096 = 229.20 %).
    expect(after.measured).toEqual({
      workloadHours: { baseline: 7, during: 13.5, change: 6.5, changePercent: 92.9 },
      cost: { baseline: 3.096, during: 10.192, change: 7.096, changePercent: 229.2 },
    });
    expect(after.assets[0].workloadHours).toEqual({ baseline: 6, during: 11, change: 5, changePercent: 83.3 });
    expect(await events.due(0, 100)).toEqual([]);
  });

  it('a name change keeps the measurement; a new window clears it and queues a measurement', async () => {
    queued.length = 0;
    await changed(launchEvent({ name: 'launch-2' }));
    expect(queued).toEqual([]);
    let impact = await impacts.impact(tenant.organizationId, launch);
    expect(impact).toMatchObject({ name: 'launch-2', measured: { workloadHours: { during: 13.5 } } });
    // D4 00:00 → D6 00:00 (whole days D4, D5), baseline D2 and D3 (whole days), all from the rollups:
    // A baseline 4 × (0.25 + 0.75 + 0.5) = 6, during 4 × (1 + 0.5 + 0.5) = 8; B baseline 2.5 × 0.4 = 1, during
    // 2.5 × 0.8 = 2. Total 7 → 10: +3, 100 × 3 / 7 = 42.86 %.
    await changed(launchEvent({ name: 'launch-2', startDate: at(4), endDate: at(6) }));
    expect(queued).toEqual([launch]);
    impact = await impacts.impact(tenant.organizationId, launch);
    expect(impact).toMatchObject({ measured: null, measuredAt: null, baselineStartDate: at(2) });
    await measure(launch);
    impact = await impacts.impact(tenant.organizationId, launch);
    expect(impact.measured?.workloadHours).toEqual({ baseline: 7, during: 10, change: 3, changePercent: 42.9 });
    // An older event (occurredAt before the one applied) changes nothing.
    clock -= 60_000;
    await changed(launchEvent({ name: 'stale' }));
    clock += 120_000;
    expect((await impacts.impact(tenant.organizationId, launch)).name).toBe('launch-2');
  });

  it('a deleted event disappears with its measurement and expected impacts', async () => {
    await changed(launchEvent({ deleted: true }));
    await expect(impacts.impact(tenant.organizationId, launch)).rejects.toMatchObject({
      code: 'BUSINESS_EVENT_NOT_FOUND',
    });
    for (const table of [
      'business_events',
      'business_event_assets',
      'business_event_targets',
      'business_event_expected_impacts',
      'business_event_impacts',
    ]) {
      const column = table === 'business_events' ? 'id' : 'event_id';
      const [{ rows }] = await dataSource.query(`SELECT count(*)::int AS rows FROM ${table} WHERE ${column} = $1`, [
        launch,
      ]);
      expect(rows).toBe(0);
    }
    // A measurement queued before the deletion finds nothing to do.
    await expect(measure(launch)).resolves.toBeUndefined();
    expect((await impacts.impact(tenant.organizationId, quiet)).name).toBe('quiet');
  });

  it('an organization the statistics do not know yet is measured by key: its assets once each, its days by asset', async () => {
    // 2,000 assets × 30 days of another organization, and an event of its 2,000 assets, analyzed: its value covers
    // the statistics' most common values, so any other organization and event are expected to have no rows at all
    // (every new one, right after it starts).
    const known = randomUUID();
    await dataSource.query(
      `WITH assets AS (SELECT gen_random_uuid() AS id FROM generate_series(1, 2000)),
            days AS (
              INSERT INTO asset_daily (organization_id, asset_id, day, hours, cpu_sum, cpu_sq_sum, cpu_max, mem_sum,
                                       mem_hours, cost_sum, cost_hours, priced_hours, idle_cost, hours_in_band,
                                       hours_over_max, hours_below_min, risk_sum, first_hour, last_hour, wcu)
              SELECT $1, a.id, d::date, 24, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, d, d, 1
                FROM assets a,
                     generate_series(now() - interval '30 days', now() - interval '1 day', interval '1 day') d)
       INSERT INTO business_event_assets (organization_id, event_id, asset_id) SELECT $1, $2, id FROM assets`,
      [known, randomUUID()],
    );
    await dataSource.query('ANALYZE');
    // The newcomer: 1,000 assets, all in one event, written after the statistics were taken.
    const newcomer = randomUUID();
    const event = randomUUID();
    await dataSource.query(
      `WITH added AS (
         INSERT INTO assets (organization_id, id, name, status, wcu)
         SELECT $1, gen_random_uuid(), 'i-' || n, 'active', 2 FROM generate_series(1, 1000) n RETURNING id)
       INSERT INTO business_event_assets (organization_id, event_id, asset_id) SELECT $1, $2, id FROM added`,
      [newcomer, event],
    );
    // …with samples around the event's start, so that each member's edge hours have rows to read.
    await dataSource.query(
      `INSERT INTO telemetry_samples (organization_id, asset_id, hour, cpu_util, mem_util)
       SELECT $1, e.asset_id, h, 50, 50
         FROM business_event_assets e, generate_series($3::timestamptz, $4::timestamptz, interval '1 hour') h
        WHERE e.organization_id = $1 AND e.event_id = $2`,
      [newcomer, event, at(3, 12), at(3, 23)],
    );
    type PlanNode = {
      'Relation Name'?: string;
      'Index Name'?: string;
      'Actual Rows': number;
      'Actual Loops': number;
      Plans?: PlanNode[];
    };
    const nodes: PlanNode[] = [];
    const collect = (node: PlanNode) => {
      nodes.push(node);
      node.Plans?.forEach(collect);
    };
    // The measurement's own statements, with its big one explained as it runs (the event row is made up).
    const explaining = {
      transaction: (work: (manager: unknown) => Promise<unknown>) =>
        dataSource.transaction((manager) =>
          work({
            query: async (sql: string, parameters?: unknown[]) => {
              if (sql.includes('FROM business_events') && sql.includes('FOR UPDATE'))
                return [{ start_at: new Date(at(3, 18)), end_at: new Date(at(6, 6)) }];
              if (!sql.includes('INSERT INTO business_event_impacts')) return manager.query(sql, parameters);
              // Whatever join the planner picks: nested loops, as it does when it expects one member.
              await manager.query('SET LOCAL enable_hashjoin = off');
              await manager.query('SET LOCAL enable_mergejoin = off');
              const [row] = await manager.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
                `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
                parameters,
              );
              collect(row!['QUERY PLAN'][0].Plan);
              return [];
            },
          }),
        ),
    } as unknown as DataSource;
    await new BusinessEventsRepository(explaining).measure(newcomer, event);
    // Each member's asset is one row read by key (a join rescanned the organization's 1,000 assets per member).
    const assetReads = nodes.filter((node) => node['Relation Name'] === 'assets');
    expect(assetReads.length).toBeGreaterThan(0);
    for (const read of assetReads) expect(read['Actual Rows']).toBeLessThanOrEqual(1);
    // The days: a range of the primary key per asset, never the organization's days through (organization, day).
    const dayReads = nodes.filter((node) => node['Relation Name'] === 'asset_daily');
    expect(dayReads.map((node) => node['Index Name'])).toEqual(['asset_daily_pkey']);
    // Each member is read once: joining the members to their parts, the planner (expecting one member) read every
    // member's parts again for each member (25 million index reads for an event of 5,000 assets: 56 s).
    for (const read of [...assetReads, ...dayReads]) expect(read['Actual Loops']).toBeLessThanOrEqual(1000);
    const sampleReads = nodes.filter((node) => node['Relation Name']?.startsWith('telemetry_samples'));
    expect(sampleReads.length).toBeGreaterThan(0);
    for (const read of sampleReads) expect(read['Actual Loops']).toBeLessThanOrEqual(1000 * 3);
    await dataSource.query('DELETE FROM asset_daily WHERE organization_id = $1', [known]);
  });
});
