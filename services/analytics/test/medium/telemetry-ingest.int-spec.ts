// Medium tier: telemetry ingest on a scratch PostgreSQL database with the real migrations: monthly partitions made
// ahead, a re-sent asset-hour replaces, the freshness event in the outbox, another organization's assets unknown.
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AssetUpsertedPayload, TelemetryFreshnessPayload } from '@infra/contracts';
import {
  EventPublisher,
  MESSAGING_ENTITIES,
  MESSAGING_MIGRATIONS,
  purgeOrganization,
  ReadModelLag,
} from '@infra/messaging';
import type { Tenant } from '@infra/platform';
import { migratedTestDatabase, pollUntil, waitsOnLock } from '@infra/platform/testing';
import { ANALYTICS_MIGRATIONS } from '../../src/analytics.service-definition';
import { PipelineMetricsRepository } from '../../src/pipeline-metrics/pipeline-metrics.repository';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import { ORG_HOURLY_DAYS, OrgHourlyRepository } from '../../src/rollups/org-hourly.repository';
import { RollupsRepository } from '../../src/rollups/rollups.repository';
import type { AnalyticsScheduler } from '../../src/rollups/analytics.jobs';
import { TelemetryRepository } from '../../src/telemetry/telemetry.repository';
import { TelemetryService } from '../../src/telemetry/telemetry.service';

const HOUR_MS = 3_600_000;
/** The start of the UTC hour `hoursAgo` before the current one. */
const hourAgo = (hoursAgo: number) => new Date((Math.floor(Date.now() / HOUR_MS) - hoursAgo) * HOUR_MS).toISOString();

describe('telemetry ingest (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let dataSource: DataSource;
  let service: TelemetryService;
  const readModels = new ReadModelsRepository();
  const tenantOf = (organizationId: string): Tenant => ({
    organizationId,
    accountId: randomUUID(),
    userId: randomUUID(),
    role: 'Admin',
  });
  const ours = tenantOf(randomUUID());
  const theirs = tenantOf(randomUUID());
  const ourAsset = randomUUID();
  const theirAsset = randomUUID();

  const upserted = (assetId: string, externalId: string): AssetUpsertedPayload => ({
    assetId,
    externalId,
    name: `asset-${externalId}`,
    status: 'active',
    collectionIds: [],
    attributes: { cpu_cores: 4, cpu_speed: '2.5', memory: 16, instance_type: 'm5.xlarge', current_generation: true },
  });

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_analytics',
      [...MESSAGING_MIGRATIONS, ...ANALYTICS_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    dataSource = database.dataSource;
    // Rollup triggers are recorded, not queued: this tier has no Redis; the jobs' work is tested in analyses.int-spec.
    service = new TelemetryService(
      new TelemetryRepository(dataSource, new OrgHourlyRepository()),
      new EventPublisher(),
      {
        rollUp: async () => undefined,
      } as unknown as AnalyticsScheduler,
    );
    await dataSource.transaction(async (manager) => {
      await readModels.upsertAsset(manager, ours.organizationId, upserted(ourAsset, 'i-ours'));
      await readModels.upsertAsset(manager, theirs.organizationId, upserted(theirAsset, 'i-theirs'));
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  const ingest = (tenant: Tenant, samples: unknown[]) => service.ingest(tenant, { kind: 'json', body: { samples } });
  const stored = (organizationId: string) =>
    dataSource.query<{ asset_id: string; hour: Date; cpu_util: number; cost: string | null }[]>(
      `SELECT asset_id, hour, cpu_util, cost FROM telemetry_samples WHERE organization_id = $1 ORDER BY hour`,
      [organizationId],
    );
  const lastFreshness = async () => {
    const [row] = await dataSource.query<{ organization_id: string; payload: TelemetryFreshnessPayload }[]>(
      `SELECT envelope ->> 'organizationId' AS organization_id, envelope -> 'payload' AS payload
         FROM outbox WHERE topic = 'analytics.telemetry.freshness.v1' ORDER BY id DESC LIMIT 1`,
    );
    return row;
  };

  it('copies the asset attributes analytics needs and never moves an asset to another organization', async () => {
    await dataSource.transaction((manager) =>
      readModels.upsertAsset(manager, theirs.organizationId, upserted(ourAsset, 'i-stolen')),
    );
    const rows = await dataSource.query<Record<string, unknown>[]>(
      `SELECT organization_id, external_id, cpu_cores, cpu_speed, memory, instance_type, current_generation
         FROM assets WHERE id = $1`,
      [ourAsset],
    );
    expect(rows).toEqual([
      {
        organization_id: ours.organizationId,
        external_id: 'i-ours',
        cpu_cores: 4,
        cpu_speed: 2.5,
        memory: 16,
        instance_type: 'm5.xlarge',
        current_generation: true,
      },
    ]);
  });

  it('creates the monthly partitions a batch needs, once, and stores the samples in them', async () => {
    const old = new Date(Date.now() - 300 * 24 * HOUR_MS);
    const oldHour = new Date(Math.floor(old.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    const result = await ingest(ours, [
      { assetId: ourAsset, hour: oldHour, cpuUtil: 10 },
      { externalId: 'i-ours', hour: hourAgo(1), cpuUtil: 20, cost: 0.25 },
    ]);
    expect(result).toEqual({ accepted: 2, rejected: [] });
    const partitions = async () =>
      (
        await dataSource.query<{ name: string }[]>(
          `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'telemetry_samples'::regclass ORDER BY c.relname`,
        )
      ).map((partition) => partition.name);
    const monthOf = (iso: string) => `telemetry_samples_${iso.slice(0, 4)}_${iso.slice(5, 7)}`;
    const names = await partitions();
    expect(names).toEqual(expect.arrayContaining([monthOf(oldHour), monthOf(hourAgo(1)), 'telemetry_samples_default']));
    const [{ oldMonth, defaults }] = await dataSource.query<{ oldMonth: number; defaults: number }[]>(
      `SELECT (SELECT count(*)::int FROM ${monthOf(oldHour)} WHERE organization_id = $1) AS "oldMonth",
              (SELECT count(*)::int FROM telemetry_samples_default) AS defaults`,
      [ours.organizationId],
    );
    expect({ oldMonth, defaults }).toEqual({ oldMonth: 1, defaults: 0 });
    await dataSource.query(`SELECT ensure_telemetry_partitions($1, $2)`, [oldHour, hourAgo(0)]);
    expect(await partitions()).toEqual(names);
  });

  it('stores every value as its decimal text would have been stored (the binary COPY)', async () => {
    const tenant = tenantOf(randomUUID());
    const assetId = randomUUID();
    await dataSource.transaction((manager) =>
      readModels.upsertAsset(manager, tenant.organizationId, upserted(assetId, 'i-values')),
    );
    const costs = [0, 1e-7, 0.1 + 0.2, 1.5e21, 123456.789, 0.0416, 10000, 0.00010001, 12.5, 1e-20];
    const samples = costs.map((cost, index) => ({
      assetId,
      hour: hourAgo(index + 1),
      cpuUtil: [33.3, 0, 100, 99.99999, 12.345678][index % 5],
      memUtil: index % 2 === 0 ? null : 12.5 + index,
      networkInBytes: index % 3 === 0 ? Number.MAX_SAFE_INTEGER : index,
      networkOutBytes: index % 4 === 0 ? null : 0,
      cost: index === 9 ? null : cost,
    }));
    expect(await ingest(tenant, samples)).toEqual({ accepted: samples.length, rejected: [] });
    const rows = await dataSource.query<Record<string, string | null>[]>(
      `SELECT s.cpu_util::text AS cpu, s.mem_util::text AS mem, s.network_in_bytes::text AS bytes_in,
              s.network_out_bytes::text AS bytes_out, s.cost::text AS cost,
              e.cpu::real::text AS expected_cpu, e.mem::real::text AS expected_mem, e.cost::numeric::text AS expected_cost
         FROM telemetry_samples s
         JOIN unnest($2::timestamptz[], $3::text[], $4::text[], $5::text[]) e(hour, cpu, mem, cost) ON e.hour = s.hour
        WHERE s.organization_id = $1 ORDER BY s.hour DESC`,
      [
        tenant.organizationId,
        samples.map((sample) => sample.hour),
        samples.map((sample) => String(sample.cpuUtil)),
        samples.map((sample) => (sample.memUtil === null ? null : String(sample.memUtil))),
        samples.map((sample) => (sample.cost === null ? null : String(sample.cost))),
      ],
    );
    expect(rows).toHaveLength(samples.length);
    rows.forEach((row, index) => {
      expect(row.cpu).toBe(row.expected_cpu);
      expect(row.mem).toBe(row.expected_mem);
      expect(row.cost).toBe(row.expected_cost);
      expect(row.bytes_in).toBe(String(samples[index].networkInBytes));
      expect(row.bytes_out).toBe(samples[index].networkOutBytes === null ? null : '0');
    });
    expect(rows.map((row) => row.cost)).toEqual([
      '0',
      '0.0000001',
      '0.30000000000000004',
      '1500000000000000000000',
      '123456.789',
      '0.0416',
      '10000',
      '0.00010001',
      '12.5',
      null,
    ]);
  });

  it('moves rows the DEFAULT partition caught into their month when the month is created', async () => {
    const organizationId = randomUUID();
    await dataSource.query(
      `INSERT INTO telemetry_samples (organization_id, asset_id, hour, cpu_util) VALUES ($1, $2, '2031-03-05T00:00:00Z', 5)`,
      [organizationId, ourAsset],
    );
    await dataSource.query(`SELECT ensure_telemetry_partitions('2031-03-05T00:00:00Z', '2031-03-05T00:00:00Z')`);
    const [{ defaults, march }] = await dataSource.query<{ defaults: number; march: number }[]>(
      `SELECT (SELECT count(*)::int FROM telemetry_samples_default WHERE organization_id = $1) AS defaults,
              (SELECT count(*)::int FROM telemetry_samples_2031_03 WHERE organization_id = $1) AS march`,
      [organizationId],
    );
    expect({ defaults, march }).toEqual({ defaults: 0, march: 1 });
  });

  it('replaces a re-sent asset-hour instead of doubling it, and keeps the last of a repeated one', async () => {
    const hour = hourAgo(5);
    await ingest(ours, [{ assetId: ourAsset, hour, cpuUtil: 30, cost: 1 }]);
    const result = await ingest(ours, [
      { assetId: ourAsset, hour, cpuUtil: 40 },
      { externalId: 'i-ours', hour, cpuUtil: 50 },
    ]);
    expect(result).toEqual({
      accepted: 1,
      rejected: [{ index: 0, field: 'hour', reason: 'replaced by sample 1 (same asset and hour)' }],
    });
    const rows = (await stored(ours.organizationId)).filter((row) => row.hour.toISOString() === hour);
    expect(rows.map((row) => [row.cpu_util, row.cost])).toEqual([[50, null]]);
  });

  it('adds new hours around the stored ones and replaces those inside, in one call', async () => {
    const asset = randomUUID();
    await dataSource.transaction((manager) =>
      readModels.upsertAsset(manager, ours.organizationId, upserted(asset, `i-range-${asset}`)),
    );
    await ingest(
      ours,
      [60, 50, 40].map((hoursAgo) => ({ assetId: asset, hour: hourAgo(hoursAgo), cpuUtil: 1 })),
    );
    // Before, between and after the stored range: new; 50 h ago: stored, replaced.
    const result = await ingest(
      ours,
      [70, 55, 50, 20].map((hoursAgo) => ({ assetId: asset, hour: hourAgo(hoursAgo), cpuUtil: 2 })),
    );
    expect(result).toEqual({ accepted: 4, rejected: [] });
    const rows = (await stored(ours.organizationId)).filter((row) => row.asset_id === asset);
    expect(rows.map((row) => [row.hour.toISOString(), row.cpu_util])).toEqual([
      [hourAgo(70), 2],
      [hourAgo(60), 1],
      [hourAgo(55), 2],
      [hourAgo(50), 2],
      [hourAgo(40), 1],
      [hourAgo(20), 2],
    ]);
  });

  it('replaces a stored hour even when the stored range says it cannot be there', async () => {
    const asset = randomUUID();
    await dataSource.transaction((manager) =>
      readModels.upsertAsset(manager, ours.organizationId, upserted(asset, `i-off-${asset}`)),
    );
    await ingest(ours, [{ assetId: asset, hour: hourAgo(10), cpuUtil: 1 }]);
    // The range is off (as after a restore): the new-hours INSERT meets the stored row and the call replaces instead.
    await dataSource.query(
      `UPDATE telemetry_freshness SET first_reported_at = $3, last_reported_at = $3
        WHERE organization_id = $1 AND asset_id = $2`,
      [ours.organizationId, asset, hourAgo(5)],
    );
    const result = await ingest(ours, [
      { assetId: asset, hour: hourAgo(10), cpuUtil: 7 },
      { assetId: asset, hour: hourAgo(2), cpuUtil: 8 },
    ]);
    expect(result).toEqual({ accepted: 2, rejected: [] });
    const rows = (await stored(ours.organizationId)).filter((row) => row.asset_id === asset);
    expect(rows.map((row) => [row.hour.toISOString(), row.cpu_util])).toEqual([
      [hourAgo(10), 7],
      [hourAgo(2), 8],
    ]);
  });

  it('keeps the hourly organization totals as a recompute from the samples would give them', async () => {
    const tenant = tenantOf(randomUUID());
    const [first, second] = [randomUUID(), randomUUID()];
    await dataSource.transaction(async (manager) => {
      await readModels.upsertAsset(manager, tenant.organizationId, upserted(first, 'i-first'));
      await readModels.upsertAsset(manager, tenant.organizationId, upserted(second, 'i-second'));
    });
    const totals = () =>
      dataSource.query<Record<string, number | Date>[]>(
        `SELECT hour, assets, capacity, workload, cost, idle_cost, mem_sum, mem_hours FROM org_hourly
          WHERE organization_id = $1 ORDER BY hour`,
        [tenant.organizationId],
      );
    // New hours; then replaced ones beside new ones; then replaced ones the stored range misses (the fallback).
    await ingest(tenant, [
      { assetId: first, hour: hourAgo(3), cpuUtil: 10, memUtil: 20, cost: 1 },
      { assetId: first, hour: hourAgo(2), cpuUtil: 30 },
      { assetId: second, hour: hourAgo(2), cpuUtil: 50, cost: 2 },
    ]);
    await ingest(tenant, [
      { assetId: first, hour: hourAgo(2), cpuUtil: 40, memUtil: 10 },
      { assetId: first, hour: hourAgo(1), cpuUtil: 60, cost: 3 },
      { assetId: second, hour: hourAgo(4), cpuUtil: 70 },
    ]);
    await dataSource.query(
      `UPDATE telemetry_freshness SET first_reported_at = $2, last_reported_at = $2 WHERE organization_id = $1`,
      [tenant.organizationId, hourAgo(0)],
    );
    await ingest(tenant, [{ assetId: second, hour: hourAgo(2), cpuUtil: 90, cost: 4 }]);
    // An hour older than the days kept adds no hourly total.
    await ingest(tenant, [{ assetId: second, hour: hourAgo(24 * (ORG_HOURLY_DAYS + 2)), cpuUtil: 5 }]);
    const kept = await totals();
    expect(kept.map((row) => [(row.hour as Date).toISOString(), row.assets])).toEqual([
      [hourAgo(4), 1],
      [hourAgo(3), 1],
      [hourAgo(2), 2],
      [hourAgo(1), 1],
    ]);
    // The hour both assets reported: first 40 % (replaced 30 %), second 90 % (replaced 50 %) of 10 WCU each.
    expect(kept[2]).toMatchObject({ capacity: 20, workload: 13, mem_sum: 10, mem_hours: 1 });
    await dataSource.transaction(async (manager) => {
      await new OrgHourlyRepository().mark(manager, tenant.organizationId);
      await new OrgHourlyRepository().recompute(manager, tenant.organizationId);
    });
    const recomputed = await totals();
    expect(recomputed.map((row) => (row.hour as Date).toISOString())).toEqual(
      kept.map((row) => (row.hour as Date).toISOString()),
    );
    recomputed.forEach((row, index) => {
      for (const column of ['assets', 'capacity', 'workload', 'cost', 'idle_cost', 'mem_sum', 'mem_hours'])
        expect(kept[index][column]).toBeCloseTo(row[column] as number, 9);
    });
  });

  it('keeps the daily organization totals as a recompute from the asset-days would give them', async () => {
    const tenant = tenantOf(randomUUID());
    const [first, second] = [randomUUID(), randomUUID()];
    const rollups = new RollupsRepository(dataSource, new OrgHourlyRepository());
    await dataSource.transaction(async (manager) => {
      await readModels.upsertAsset(manager, tenant.organizationId, upserted(first, 'i-first'));
      await readModels.upsertAsset(manager, tenant.organizationId, upserted(second, 'i-second'));
    });
    const totals = () =>
      dataSource.query<Record<string, number | string>[]>(
        `SELECT day::text, assets, capacity_hours, workload_hours, cost, idle_cost, mem_sum, mem_hours FROM org_daily
          WHERE organization_id = $1 ORDER BY day`,
        [tenant.organizationId],
      );
    const recomputed = () =>
      dataSource.query<Record<string, number | string>[]>(
        `SELECT d.day::text, count(*)::int AS assets, sum(a.wcu::float8 * d.hours) AS capacity_hours,
                sum(a.wcu::float8 * d.cpu_sum / 100) AS workload_hours, sum(d.cost_sum) AS cost,
                sum(d.idle_cost) AS idle_cost, sum(d.mem_sum) AS mem_sum, sum(d.mem_hours)::int AS mem_hours
           FROM asset_daily d JOIN assets a ON a.organization_id = d.organization_id AND a.id = d.asset_id
          WHERE d.organization_id = $1 GROUP BY d.day ORDER BY d.day`,
        [tenant.organizationId],
      );
    const drain = async () => {
      while ((await rollups.drain(tenant.organizationId)) > 0);
    };
    const expectRecomputed = async () => {
      const kept = await totals();
      const expected = await recomputed();
      expect(kept.map((row) => [row.day, row.assets])).toEqual(expected.map((row) => [row.day, row.assets]));
      kept.forEach((row, index) => {
        for (const column of ['capacity_hours', 'workload_hours', 'cost', 'idle_cost', 'mem_sum', 'mem_hours'])
          expect(row[column]).toBeCloseTo(expected[index][column] as number, 9);
      });
      return kept;
    };
    // Two days: the first asset on both, the second on the older one.
    await ingest(tenant, [
      { assetId: first, hour: hourAgo(49), cpuUtil: 10, memUtil: 20, cost: 1 },
      { assetId: first, hour: hourAgo(48), cpuUtil: 30 },
      { assetId: first, hour: hourAgo(25), cpuUtil: 40, cost: 2 },
      { assetId: second, hour: hourAgo(48), cpuUtil: 50, cost: 2 },
    ]);
    await drain();
    await expectRecomputed();
    // Replaced and new hours: the asset-days redone take back their old shares.
    await ingest(tenant, [
      { assetId: first, hour: hourAgo(48), cpuUtil: 90, memUtil: 40 },
      { assetId: second, hour: hourAgo(26), cpuUtil: 20 },
    ]);
    await drain();
    await expectRecomputed();
    // The first asset doubles its cores (20 WCU): each of its days is weighed again, and only by the new WCU.
    await dataSource.transaction(async (manager) => {
      const payload = upserted(first, 'i-first');
      const { capacityChanged } = await readModels.upsertAsset(manager, tenant.organizationId, {
        ...payload,
        attributes: { ...payload.attributes, cpu_cores: 8 },
      });
      expect(capacityChanged).toBe(true);
      await rollups.markAll(manager, tenant.organizationId, [first]);
    });
    await drain();
    const kept = await expectRecomputed();
    // Over the days: the first asset's 3 hours at 20 WCU (10, 90 and 40 %), the second's 2 at 10 (50 and 20 %).
    const total = (column: string) => kept.reduce((sum, row) => sum + (row[column] as number), 0);
    expect(total('capacity_hours')).toBeCloseTo(3 * 20 + 2 * 10, 9);
    expect(total('workload_hours')).toBeCloseTo(1.4 * 20 + 0.7 * 10, 9);
  });

  it('publishes each asset latest hour, the newest of the stored and the new, in the same transaction', async () => {
    await ingest(ours, [{ assetId: ourAsset, hour: hourAgo(0), cpuUtil: 1 }]);
    expect(await lastFreshness()).toEqual({
      organization_id: ours.organizationId,
      payload: { assets: [{ assetId: ourAsset, lastReportedAt: hourAgo(0) }] },
    });
    // A late, older sample is stored, and the event still names the newest hour.
    await ingest(ours, [{ assetId: ourAsset, hour: hourAgo(30), cpuUtil: 2 }]);
    expect((await lastFreshness()).payload).toEqual({ assets: [{ assetId: ourAsset, lastReportedAt: hourAgo(0) }] });
    expect((await stored(ours.organizationId)).some((row) => row.hour.toISOString() === hourAgo(30))).toBe(true);
  });

  it("answers another organization's assets as unknown, by id and by external id, and stores nothing", async () => {
    const before = await stored(theirs.organizationId);
    const result = await ingest(ours, [
      { assetId: theirAsset, hour: hourAgo(2), cpuUtil: 1 },
      { externalId: 'i-theirs', hour: hourAgo(2), cpuUtil: 1 },
      { assetId: randomUUID(), hour: hourAgo(2), cpuUtil: 1 },
    ]);
    expect(result).toEqual({
      accepted: 0,
      rejected: [
        { index: 0, field: 'assetId', reason: 'unknown asset' },
        { index: 1, field: 'externalId', reason: 'unknown asset' },
        { index: 2, field: 'assetId', reason: 'unknown asset' },
      ],
    });
    const ourRows = await dataSource.query<unknown[]>(
      `SELECT 1 FROM telemetry_samples WHERE organization_id = $1 AND asset_id = $2`,
      [ours.organizationId, theirAsset],
    );
    expect([ourRows.length, (await stored(theirs.organizationId)).length]).toEqual([0, before.length]);
  });

  it('holds the samples of an asset created a moment ago until the read model has it (the consumer lagging)', async () => {
    const fresh = randomUUID();
    let waits = 0;
    let time = 0;
    // The upsert event is consumed while the request waits: after its second look-up here. The clock is moved by
    // the sleeps only, so the whole wait passes at once.
    const lag = new ReadModelLag(3000, {
      now: () => time,
      sleep: async (ms) => {
        time += ms;
        waits += 1;
        if (waits === 2)
          await dataSource.transaction((manager) =>
            readModels.upsertAsset(manager, ours.organizationId, upserted(fresh, 'i-fresh')),
          );
      },
    });
    const waiting = new TelemetryService(
      new TelemetryRepository(dataSource, new OrgHourlyRepository()),
      new EventPublisher(),
      { rollUp: async () => undefined } as unknown as AnalyticsScheduler,
      lag,
    );
    const result = await waiting.ingest(ours, {
      kind: 'json',
      body: {
        samples: [
          { externalId: 'i-fresh', hour: hourAgo(4), cpuUtil: 11 },
          { assetId: ourAsset, hour: hourAgo(4), cpuUtil: 12 },
          { externalId: 'i-never-created', hour: hourAgo(4), cpuUtil: 13 },
        ],
      },
    });
    // Only what is still unknown after the whole wait is refused.
    expect(result).toEqual({ accepted: 2, rejected: [{ index: 2, field: 'externalId', reason: 'unknown asset' }] });
    // The unknown one kept it waiting the whole 3 s.
    expect(time).toBe(3000);
    const rows = await dataSource.query<unknown[]>(`SELECT 1 FROM telemetry_samples WHERE asset_id = $1`, [fresh]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a malformed body and more than 50,000 samples as a whole', async () => {
    await expect(service.ingest(ours, { kind: 'json', body: [] })).rejects.toMatchObject({ status: 400 });
    await expect(service.ingest(ours, { kind: 'json', body: { samples: [], extra: 1 } })).rejects.toMatchObject({
      status: 400,
    });
    const many = Array.from({ length: 50_001 }, () => ({ assetId: ourAsset, hour: hourAgo(0), cpuUtil: 1 }));
    await expect(ingest(ours, many)).rejects.toMatchObject({ code: 'TELEMETRY_TOO_MANY_SAMPLES' });
  });

  it('reads CSV and reports issues with index and line', async () => {
    const csv = `externalId,hour,cpuUtil\ni-ours,${hourAgo(3)},7\ni-ours,${hourAgo(3).replace(':00:00', ':30:00')},7\n`;
    expect(await service.ingest(ours, { kind: 'csv', text: csv })).toEqual({
      accepted: 1,
      rejected: [{ index: 1, line: 3, field: 'hour', reason: 'must be the start of a UTC hour' }],
    });
  });

  it('leaves no sample behind when its organization is purged while a load writes (offboarding)', async () => {
    const tenant = tenantOf(randomUUID());
    const assetId = randomUUID();
    await dataSource.transaction((manager) =>
      readModels.upsertAsset(manager, tenant.organizationId, upserted(assetId, 'i-purged')),
    );
    const hour = hourAgo(3);
    await dataSource.query(`SELECT ensure_telemetry_partitions($1, $1)`, [hour]); // its month, as a load makes it
    // Another transaction holds the asset-hour the load will store (uncommitted): the load stops in its writes.
    const blocker = dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(
      `INSERT INTO telemetry_samples (organization_id, asset_id, hour, cpu_util) VALUES ($1, $2, $3, 1)`,
      [tenant.organizationId, assetId, hour],
    );
    const waiting = (statement: string) => waitsOnLock(dataSource, statement);
    const loading = ingest(tenant, [{ assetId, hour, cpuUtil: 40 }]);
    await pollUntil('the load to wait in its writes', () => waiting('INSERT INTO telemetry_samples'));
    // The organization is deleted meanwhile: the purge waits for the load to commit (or, without that, is done).
    let purged = false;
    const purging = dataSource
      .transaction((manager) => purgeOrganization(manager, tenant.organizationId))
      .then(() => (purged = true));
    await pollUntil('the purge to wait or end', async () => purged || waiting('pg_advisory_xact_lock('));
    await blocker.rollbackTransaction();
    await blocker.release();
    await Promise.all([loading, purging]);
    const [left] = (await dataSource.query(
      `SELECT (SELECT count(*)::int FROM telemetry_samples WHERE organization_id = $1)
            + (SELECT count(*)::int FROM telemetry_freshness WHERE organization_id = $1)
            + (SELECT count(*)::int FROM rollup_pending WHERE organization_id = $1) AS rows`,
      [tenant.organizationId],
    )) as { rows: number }[];
    expect(left!.rows).toBe(0);
  });
  it("reports each organization's newest-sample age and days waiting for a roll-up to /metrics", async () => {
    await ingest(ours, [{ assetId: ourAsset, hour: hourAgo(3), cpuUtil: 30, cost: 1 }]);
    const metrics = new PipelineMetricsRepository(dataSource);
    const ourFreshness = (await metrics.freshnessByOrganization()).find(
      (row) => row.organizationId === ours.organizationId,
    );
    // The newest sample stored is at least three hours old (earlier cases stored newer ones); roll-ups are not run
    // in this tier, so its days wait.
    expect(ourFreshness!.newestSampleAgeSeconds).toBeGreaterThan(0);
    expect(ourFreshness!.newestSampleAgeSeconds).toBeLessThan(4 * 3600);
    expect(ourFreshness!.pendingAssetDays).toBeGreaterThan(0);
    const backlog = Object.fromEntries((await metrics.rollupBacklog()).map(({ stage, rows }) => [stage, rows]));
    expect(Object.keys(backlog).sort()).toEqual(['asset_days', 'asset_periods', 'org_hours']);
    expect(backlog.asset_days).toBeGreaterThanOrEqual(ourFreshness!.pendingAssetDays);
  });
});
