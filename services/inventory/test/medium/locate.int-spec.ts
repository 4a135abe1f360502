// Medium tier: finding which of the caller's organizations holds an asset, collection or view (shared links), on a
// scratch PostgreSQL database with the real migrations. Only the organizations given are searched.
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { InventoryErrorCode } from '@infra/contracts';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import type { CallerContext, DomainError } from '@infra/platform';
import { migratedTestDatabase } from '@infra/platform/testing';
import { AssetsRepository } from '../../src/assets/assets.repository';
import { CollectionsRepository } from '../../src/collections/collections.repository';
import { INVENTORY_MIGRATIONS } from '../../src/inventory.service-definition';
import { LocateRepository } from '../../src/locate/locate.repository';
import { LocateService } from '../../src/locate/locate.service';

describe('locating an entity among the caller organizations (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let dataSource: DataSource;
  let locate: LocateService;
  const ours = { organizationId: randomUUID(), accountId: randomUUID() };
  const sibling = { organizationId: randomUUID(), accountId: ours.accountId };
  const theirs = { organizationId: randomUUID(), accountId: randomUUID() };
  const ids = {} as Record<'asset' | 'collection' | 'view', string>;
  const user: CallerContext = {
    userId: randomUUID(),
    systemAdmin: false,
    accountId: null,
    organizationId: null,
    role: null,
  };

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_inventory',
      [...MESSAGING_MIGRATIONS, ...INVENTORY_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    dataSource = database.dataSource;
    locate = new LocateService(new LocateRepository(dataSource));
    const assets = new AssetsRepository(dataSource);
    const collections = new CollectionsRepository(dataSource);
    const [asset] = await dataSource.transaction((manager) =>
      assets.upsert(manager, sibling, [{ externalId: 'i-shared', name: 'shared', status: 'active' as const }]),
    );
    ids.asset = asset.id;
    ids.collection = await dataSource.transaction((manager) => collections.insert(manager, sibling, 'web'));
    const [view] = (await dataSource.query(
      `INSERT INTO views (organization_id, account_id, name, time_horizon, created_by)
       VALUES ($1, $2, 'shared-view', 'Last 30 Days', $3) RETURNING id`,
      [sibling.organizationId, sibling.accountId, user.userId],
    )) as { id: string }[];
    ids.view = view.id;
  });

  afterAll(async () => {
    await database?.drop();
  });

  const codeOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'found';
    } catch (error) {
      return (error as DomainError).code;
    }
  };

  it.each(['asset', 'collection', 'view'] as const)(
    'finds the %s in another organization the caller may open',
    async (kind) => {
      expect(await locate.locate(user, kind, ids[kind], [ours.organizationId, sibling.organizationId])).toEqual({
        organizationId: sibling.organizationId,
      });
    },
  );

  it('answers an entity of an organization the caller may not open exactly as an unknown id', async () => {
    const notFound = {
      asset: InventoryErrorCode.AssetNotFound,
      collection: InventoryErrorCode.CollectionNotFound,
      view: InventoryErrorCode.ViewNotFound,
    };
    for (const kind of ['asset', 'collection', 'view'] as const) {
      expect(await codeOf(locate.locate(user, kind, ids[kind], [ours.organizationId, theirs.organizationId]))).toBe(
        notFound[kind],
      );
      expect(await codeOf(locate.locate(user, kind, randomUUID(), [ours.organizationId]))).toBe(notFound[kind]);
      // Without organizations, nothing is searched.
      expect(await codeOf(locate.locate(user, kind, ids[kind], []))).toBe(notFound[kind]);
    }
  });

  it('does not take one kind for another', async () => {
    expect(await codeOf(locate.locate(user, 'collection', ids.asset, [sibling.organizationId]))).toBe(
      InventoryErrorCode.CollectionNotFound,
    );
    expect(await codeOf(locate.locate(user, 'view', ids.collection, [sibling.organizationId]))).toBe(
      InventoryErrorCode.ViewNotFound,
    );
  });

  it('searches every organization for a System Admin (from the signed context), and only for them', async () => {
    const systemAdmin = { ...user, systemAdmin: true };
    expect(await locate.locate(systemAdmin, 'asset', ids.asset, [])).toEqual({
      organizationId: sibling.organizationId,
    });
    expect(await codeOf(locate.locate(user, 'asset', ids.asset, []))).toBe(InventoryErrorCode.AssetNotFound);
  });
});
