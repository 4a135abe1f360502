// Medium tier: inventory's row-level security (issue 23, the second wall), on a scratch PostgreSQL database with the
// real migrations, read and written as a runtime role like the one the service serves as (no superuser, owns nothing).
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS, purgeOrganization, tenantTables } from '@infra/messaging';
import { inOrganization } from '@infra/platform';
import {
  migratedTestDatabase,
  pollUntil,
  runStatements,
  tablesOutsideTheWall,
  waitsOnLock,
  walledTestDatabase,
  wallBreaches,
} from '@infra/platform/testing';
import { AssetsRepository } from '../../src/assets/assets.repository';
import { INVENTORY_MIGRATIONS } from '../../src/inventory.service-definition';
import { LocateRepository } from '../../src/locate/locate.repository';

describe("inventory's tenant wall (row-level security, real PostgreSQL)", () => {
  let walled: Awaited<ReturnType<typeof walledTestDatabase>>;
  let owner: DataSource;
  let app: DataSource;
  const accountId = randomUUID();
  // A and its sibling share an account; B is another tenant.
  const a = randomUUID();
  const sibling = randomUUID();
  const b = randomUUID();
  const assetOf: Record<string, string> = {};
  let tables: string[];

  /** One row of the organization in every tenant table of inventory (as the owner: superuser, beyond the wall). */
  async function seed(organizationId: string, account: string) {
    const [{ id: assetId }] = (await owner.query(
      `INSERT INTO assets (organization_id, account_id, external_id, name) VALUES ($1, $2, $3, 'web') RETURNING id`,
      [organizationId, account, `i-${organizationId}`],
    )) as { id: string }[];
    assetOf[organizationId] = assetId;
    const [{ id: collectionId }] = (await owner.query(
      `INSERT INTO collections (organization_id, account_id, name) VALUES ($1, $2, 'c') RETURNING id`,
      [organizationId, account],
    )) as { id: string }[];
    const tagId = randomUUID();
    const statements: [string, unknown[]][] = [
      [
        `INSERT INTO asset_ratings (asset_id, organization_id, infra_rating, risk, optimization, volatility, data_health,
                                    computed_at) VALUES ($1, $2, 1, 1, 1, 1, 1, now())`,
        [assetId, organizationId],
      ],
      [`INSERT INTO tags (id, organization_id) VALUES ($1, $2)`, [tagId, organizationId]],
      [
        `INSERT INTO asset_tags (organization_id, tag_id, asset_id) VALUES ($1, $2, $3)`,
        [organizationId, tagId, assetId],
      ],
      [
        `INSERT INTO aws_integrations (organization_id, account_id, role_arn, external_id, configured_by)
         VALUES ($1, $2, 'arn:aws:iam::123456789012:role/r', 'x', $3)`,
        [organizationId, account, randomUUID()],
      ],
      [
        `INSERT INTO collection_assets (collection_id, asset_id, organization_id) VALUES ($1, $2, $3)`,
        [collectionId, assetId, organizationId],
      ],
      [
        `INSERT INTO organization_plans (organization_id, account_id, asset_limit) VALUES ($1, $2, 10)`,
        [organizationId, account],
      ],
      [
        `INSERT INTO sidebar_favorites (user_id, organization_id, item_type, item_id) VALUES ($1, $2, 'asset', $3)`,
        [randomUUID(), organizationId, assetId],
      ],
      [
        `INSERT INTO views (organization_id, account_id, name, time_horizon, created_by)
         VALUES ($1, $2, 'v', 'Last 30 Days', $3)`,
        [organizationId, account, randomUUID()],
      ],
    ];
    await runStatements(owner, statements);
  }

  beforeAll(async () => {
    const database = await migratedTestDatabase(
      'infra_medium_inventory',
      [...MESSAGING_MIGRATIONS, ...INVENTORY_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    walled = await walledTestDatabase(database, {
      seed: async (dataSource) => {
        owner = dataSource;
        for (const [organizationId, account] of [
          [a, accountId],
          [sibling, accountId],
          [b, randomUUID()],
        ])
          await seed(organizationId, account);
      },
      entities: MESSAGING_ENTITIES,
      tenantTables,
    });
    ({ app, tables } = walled);
  });

  afterAll(() => walled?.drop());

  it('walls every table that has an organization_id column (the catalog test)', async () => {
    expect(tables.length).toBeGreaterThanOrEqual(10);
    expect(await tablesOutsideTheWall(owner)).toEqual([]);
  });

  it('keeps the tag and collection filters on their GIN indexes behind the wall (arrayoverlap is leakproof)', async () => {
    const [{ leakproof }] = (await owner.query(
      `SELECT proleakproof AS leakproof FROM pg_proc WHERE oid = 'arrayoverlap(anyarray, anyarray)'::regprocedure`,
    )) as { leakproof: boolean }[];
    expect(leakproof).toBe(true);
  });

  it('shows each organization only its own rows in every tenant table, none outside one, all on a named path', async () => {
    expect(await wallBreaches(app, tables, [a, sibling, b])).toEqual([]);
  });

  it("refuses to write another organization's rows, and changes none of them", async () => {
    await expect(
      inOrganization(a, () =>
        app.query(
          `INSERT INTO views (organization_id, account_id, name, time_horizon, created_by)
           VALUES ($1, $2, 'planted', 'Last 30 Days', $3)`,
          [b, accountId, randomUUID()],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    const [, renamed] = (await inOrganization(a, () =>
      app.query(`UPDATE assets SET name = 'taken' WHERE organization_id = $1`, [b]),
    )) as [unknown, number];
    const [, deleted] = (await inOrganization(a, () =>
      app.query(`DELETE FROM views WHERE organization_id = $1`, [b]),
    )) as [unknown, number];
    expect({ renamed, deleted }).toEqual({ renamed: 0, deleted: 0 });
    const [{ name }] = (await owner.query(`SELECT name FROM assets WHERE organization_id = $1`, [b])) as {
      name: string;
    }[];
    expect(name).toBe('web');
  });

  it('answers a repository query that names another organization with nothing (a forgotten or wrong filter)', async () => {
    const assets = new AssetsRepository(app);
    expect(await inOrganization(a, () => assets.find(b, assetOf[b]))).toBeUndefined();
    expect(await inOrganization(b, () => assets.find(b, assetOf[b]))).toMatchObject({ id: assetOf[b] });
  });

  it("counts the account's assets over its organizations on the named asset-limit path, then walls again", async () => {
    const assets = new AssetsRepository(app);
    const seen = await inOrganization(a, () =>
      app.transaction(async (manager) => {
        const accountAssets = await assets.countOfAccountLocked(manager, accountId);
        const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM assets`)) as { count: number }[];
        return { accountAssets, afterwards: count };
      }),
    );
    expect(seen).toEqual({ accountAssets: 2, afterwards: 1 });
  });

  it("locates a shared link's entity among the caller's organizations on the named locate path", async () => {
    const locate = new LocateRepository(app);
    expect(await inOrganization(a, () => locate.organizationOf('asset', assetOf[sibling], [a, sibling]))).toBe(sibling);
    expect(await inOrganization(a, () => locate.organizationOf('asset', assetOf[b], [a, sibling]))).toBeUndefined();
  });

  it('leaves no row of a request in flight when its organization is purged, and takes no write after (offboarding)', async () => {
    const organizationId = randomUUID();
    const insertView = (manager: { query: DataSource['query'] }) =>
      manager.query(
        `INSERT INTO views (organization_id, account_id, name, time_horizon, created_by)
         VALUES ($1, $2, 'in flight', 'Last 30 Days', $3)`,
        [organizationId, accountId, randomUUID()],
      );
    // A request's transaction has written its row and not yet committed when the purge comes.
    let written!: () => void;
    let finish!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const request = inOrganization(organizationId, () =>
      app.transaction(async (manager) => {
        await insertView(manager);
        written();
        await finishing;
      }),
    );
    await wrote;
    const purge = inOrganization(organizationId, () =>
      app.transaction((manager) => purgeOrganization(manager, organizationId)),
    );
    // The purge waits for the write in flight (it shares the organization's purge lock), then deletes its row.
    await pollUntil('the purge to wait for the request in flight', () => waitsOnLock(owner, 'pg_advisory_xact_lock'));
    finish();
    await request;
    expect(await purge).toEqual({ views: 1 });
    await expect(inOrganization(organizationId, () => insertView(app))).rejects.toThrow(/row-level security/);
    const [{ count }] = (await owner.query(`SELECT count(*)::int AS count FROM views WHERE organization_id = $1`, [
      organizationId,
    ])) as { count: number }[];
    expect(count).toBe(0);
  });
});
