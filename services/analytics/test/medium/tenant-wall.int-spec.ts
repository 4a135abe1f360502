// Medium tier: analytics' row-level security (issue 23, the second wall), on a scratch PostgreSQL database with the
// real migrations. Everything here runs as a runtime role like the one the service serves as (no superuser, owns
// nothing): telemetry is ingested and rolled up through the service's own code, which must create its monthly
// partitions without owning a table, and every cross-tenant read goes through its named path.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  EventPublisher,
  MESSAGING_ENTITIES,
  MESSAGING_MIGRATIONS,
  setAssetStatus,
  tenantTables,
} from '@infra/messaging';
import { inOrganization, type Tenant } from '@infra/platform';
import {
  migratedTestDatabase,
  organizationsSeen,
  runtimeRoleDataSource,
  tablesOutsideTheWall,
  wallBreaches,
} from '@infra/platform/testing';
import { AnalysesRepository } from '../../src/analyses/analyses.repository';
import { DAY_MS, HOUR_MS } from '../../src/analyses/horizon';
import { ANALYTICS_MIGRATIONS } from '../../src/analytics.service-definition';
import { BusinessEventsRepository } from '../../src/business-events/business-events.repository';
import { DataSettingsRepository } from '../../src/data-settings/data-settings.repository';
import { applyAccountThresholds } from '../../src/read-models/read-models.consumer';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import type { AnalyticsScheduler } from '../../src/rollups/analytics.jobs';
import { OrgHourlyRepository } from '../../src/rollups/org-hourly.repository';
import { PeriodsRepository } from '../../src/rollups/periods.repository';
import { RollupsRepository } from '../../src/rollups/rollups.repository';
import { TelemetryRepository } from '../../src/telemetry/telemetry.repository';
import { TelemetryService } from '../../src/telemetry/telemetry.service';

jest.setTimeout(60_000);

describe("analytics' tenant wall (row-level security, real PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let runtime: Awaited<ReturnType<typeof runtimeRoleDataSource>>;
  let owner: DataSource;
  let app: DataSource;
  let rollups: RollupsRepository;
  const readModels = new ReadModelsRepository();
  const account = randomUUID();
  // A and B share an account; C is another tenant.
  const tenantOf = (accountId: string): Tenant => ({
    organizationId: randomUUID(),
    accountId,
    userId: randomUUID(),
    role: 'Admin',
  });
  const [a, b, c] = [tenantOf(account), tenantOf(account), tenantOf(randomUUID())];
  const organizations = [a, b, c].map((tenant) => tenant.organizationId);
  const assetOf: Record<string, string> = {};
  // Two days back from the start of today: whole days, in a month the wall test reads partition by partition.
  const day0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS;
  let tables: string[];

  /** One asset of the tenant, an hour of its telemetry (cost 2 per hour) rolled up, as the service does it. */
  async function seed(tenant: Tenant) {
    const { organizationId } = tenant;
    const assetId = randomUUID();
    assetOf[organizationId] = assetId;
    await inOrganization(organizationId, () =>
      app.transaction(async (manager) => {
        await readModels.rememberAccount(manager, organizationId, tenant.accountId);
        await readModels.upsertAsset(manager, organizationId, {
          assetId,
          externalId: `i-${organizationId}`,
          name: 'web',
          status: 'active',
          collectionIds: [],
          attributes: { site: 'east', instance_type: 't1', cpu_cores: 1, cpu_speed: 2 },
        });
        // A status change of an asset not seen yet waits for it, behind the wall too.
        await setAssetStatus(
          manager,
          organizationId,
          { assetId: randomUUID(), status: 'offline' },
          new Date().toISOString(),
        );
      }),
    );
    const telemetry = new TelemetryService(
      new TelemetryRepository(app, new OrgHourlyRepository()),
      new EventPublisher(),
      { rollUp: async () => undefined } as unknown as AnalyticsScheduler,
    );
    const samples = [0, 1].map((hour) => ({
      assetId,
      hour: new Date(day0 + hour * HOUR_MS).toISOString(),
      cpuUtil: 50,
      cost: organizationId === b.organizationId ? 4 : 2,
    }));
    const { accepted } = await inOrganization(organizationId, () =>
      telemetry.ingest(tenant, { kind: 'json', body: { samples } }),
    );
    expect(accepted).toBe(2);
    await inOrganization(organizationId, () =>
      app.transaction((manager) =>
        new DataSettingsRepository(app).saveFinancial(manager, organizationId, {
          currency: 'USD',
          priceListFallback: true,
        }),
      ),
    );
    await owner.query(
      `INSERT INTO business_events (organization_id, id, name, start_at, end_at, baseline_start_at, fingerprint,
                                    updated_at, measure_requested_at)
       VALUES ($1, $2, 'launch', now(), now(), now(), 'f', now(), now() - interval '1 hour')`,
      [organizationId, randomUUID()],
    );
  }

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_analytics_wall',
      [...MESSAGING_MIGRATIONS, ...ANALYTICS_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    owner = database.dataSource;
    runtime = await runtimeRoleDataSource(database.name, MESSAGING_ENTITIES);
    app = runtime.dataSource;
    rollups = new RollupsRepository(app, new OrgHourlyRepository());
    for (const tenant of [a, b, c]) await seed(tenant);
    tables = await tenantTables(owner.manager);
  });

  afterAll(async () => {
    await runtime?.drop();
    await database?.drop();
  });

  it('walls every table that has an organization_id column, each partition too (the catalog test)', async () => {
    expect(tables.length).toBeGreaterThanOrEqual(25);
    const partitions = (await owner.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'telemetry_samples'::regclass`,
    )) as { name: string }[];
    // The month of the samples was created by the runtime role's ingest (through the owner's partition function).
    expect(partitions.length).toBeGreaterThanOrEqual(2);
    expect(await tablesOutsideTheWall(owner)).toEqual([]);
  });

  it('shows each organization only its own rows in every table it has rows in, a partition named directly too', async () => {
    const month = `telemetry_samples_${new Date(day0).toISOString().slice(0, 7).replace('-', '_')}`;
    const seeded: string[] = [month];
    for (const table of tables)
      if ((await organizationsSeen(owner, table)).length === organizations.length) seeded.push(table);
    // The ingest, the roll-ups' queues and the seeded settings and events: the wall is the same policy on every table.
    expect(seeded).toEqual(
      expect.arrayContaining([
        'assets',
        'organization_accounts',
        'telemetry_samples',
        'telemetry_freshness',
        'rollup_pending',
        'financial_settings',
        'business_events',
      ]),
    );
    expect(await wallBreaches(app, seeded, organizations)).toEqual([]);
  });

  it("stores an account's thresholds on the named path, and shows them only to that account's organizations", async () => {
    const event = {
      eventId: randomUUID(),
      occurredAt: new Date().toISOString(),
      organizationId: null,
      accountId: account,
      actorId: null,
      payload: { accountId: account, minWorkloadPercentThreshold: 10, maxWorkloadPercentThreshold: 90 },
    };
    const redo = await inOrganization(null, () =>
      app.transaction((manager) =>
        applyAccountThresholds(manager, readModels, rollups, event as Parameters<typeof applyAccountThresholds>[3]),
      ),
    );
    expect(redo.sort()).toEqual([a.organizationId, b.organizationId].sort());
    const thresholdsSeenBy = (organizationId: string | null) =>
      inOrganization(organizationId, () => app.query(`SELECT account_id FROM account_thresholds`));
    expect(await thresholdsSeenBy(b.organizationId)).toEqual([{ account_id: account }]);
    expect(await thresholdsSeenBy(c.organizationId)).toEqual([]);
    expect(await thresholdsSeenBy(null)).toEqual([]);
    expect(await inOrganization(a.organizationId, () => rollups.thresholdsOf(a.organizationId))).toEqual({
      min: 10,
      max: 90,
    });
  });

  it('lists every organization on the sweeps’ named paths, from a job about none', async () => {
    const periods = new PeriodsRepository(app, rollups);
    const events = new BusinessEventsRepository(app);
    await inOrganization(null, async () => {
      expect((await rollups.organizationsPending()).sort()).toEqual([...organizations].sort());
      expect((await periods.organizations()).sort()).toEqual([...organizations].sort());
      expect((await events.due(0, 10)).map((due) => due.organizationId).sort()).toEqual([...organizations].sort());
    });
  });

  it("compares an asset's unit cost with its peers over its account's organizations only (the named path)", async () => {
    for (const organizationId of organizations)
      await inOrganization(organizationId, async () => {
        while ((await rollups.drain(organizationId)) > 0);
      });
    const analyses = new AnalysesRepository(app);
    const horizon = { start: day0, end: day0 + DAY_MS, granularity: 'day' as const };
    const comparison = await inOrganization(a.organizationId, () =>
      analyses.unitCostComparison(a.organizationId, assetOf[a.organizationId], horizon),
    );
    // t1 at 1 and 2 per WCU-hour in A and B (one account); C's 1 is another account's and is not a peer.
    expect(comparison).toMatchObject({ site: 1, peer: 1.5 });
  });
});
