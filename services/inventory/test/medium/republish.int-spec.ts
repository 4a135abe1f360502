// Medium tier: rebuilding the other services' copies from inventory (republish/republisher.ts) on a scratch PostgreSQL
// database with the real migrations: one event per asset and per collection, as each now is, in the outbox; only the
// organization named; every page of a large organization.
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TOPICS, type AssetUpsertedPayload, type CollectionChangedPayload, type EventEnvelope } from '@infra/contracts';
import { EventPublisher, MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import { migratedTestDatabase } from '@infra/platform/testing';
import { AssetsRepository } from '../../src/assets/assets.repository';
import { CollectionsRepository } from '../../src/collections/collections.repository';
import { INVENTORY_MIGRATIONS } from '../../src/inventory.service-definition';
import { RepublishRepository } from '../../src/republish/republish.repository';
import { Republisher } from '../../src/republish/republisher';

describe('republishing inventory for the copies (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let dataSource: DataSource;
  let assets: AssetsRepository;
  let republisher: Republisher;
  const ours = { organizationId: randomUUID(), accountId: randomUUID() };
  const theirs = { organizationId: randomUUID(), accountId: randomUUID() };

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_inventory_republish',
      [...MESSAGING_MIGRATIONS, ...INVENTORY_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    dataSource = database.dataSource;
    assets = new AssetsRepository(dataSource);
    republisher = new Republisher(new RepublishRepository(dataSource), new EventPublisher());
  });

  afterAll(async () => {
    await database?.drop();
  });

  const upsert = (tenant: typeof ours, items: { externalId: string; name: string; instance_type?: string }[]) =>
    dataSource.transaction((manager) =>
      assets.upsert(
        manager,
        tenant,
        items.map((item) => ({ ...item, status: 'active' as const })),
      ),
    );
  const outbox = async <T>(topic: string) =>
    (
      await dataSource.query<{ envelope: EventEnvelope<T> }[]>(
        'SELECT envelope FROM outbox WHERE topic = $1 ORDER BY id',
        [topic],
      )
    ).map((row) => row.envelope);

  it('publishes each asset and collection of the organization as it now is, and none of another', async () => {
    const [a, b, c] = await upsert(ours, [
      { externalId: 'i-a', name: 'a', instance_type: 'm5.large' },
      { externalId: 'i-b', name: 'b' },
      { externalId: 'i-c', name: 'c' },
    ]);
    await upsert(theirs, [{ externalId: 'i-x', name: 'x' }]);
    const collections = new CollectionsRepository(dataSource);
    const web = await dataSource.transaction((manager) => collections.insert(manager, ours, 'web'));
    await dataSource.transaction((manager) => collections.addMembers(manager, ours.organizationId, web, [b.id, a.id]));
    await dataSource.query('DELETE FROM outbox');

    expect(await republisher.republish(ours.organizationId)).toEqual({ assets: 3, collections: 1 });

    const upserted = await outbox<AssetUpsertedPayload>(TOPICS.inventoryAssetUpserted);
    expect(upserted.map((event) => [event.organizationId, event.accountId, event.actorId])).toEqual(
      Array(3).fill([ours.organizationId, ours.accountId, null]),
    );
    const byName = Object.fromEntries(upserted.map((event) => [event.payload.name, event.payload]));
    expect(byName.a).toEqual({
      assetId: a.id,
      externalId: 'i-a',
      name: 'a',
      status: 'active',
      collectionIds: [web],
      attributes: expect.objectContaining({ instance_type: 'm5.large', memory: null }),
    });
    expect(Object.keys(byName.a!.attributes)).toHaveLength(13);
    expect([byName.b!.collectionIds, byName.c!.collectionIds]).toEqual([[web], []]);
    expect(byName.c!.assetId).toBe(c.id);
    const changed = await outbox<CollectionChangedPayload>(TOPICS.inventoryCollectionChanged);
    expect(changed.map((event) => event.payload)).toEqual([
      { collectionId: web, name: 'web', assetIds: [a.id, b.id].sort(), deleted: false },
    ]);
  });

  it('pages through an organization of more assets than a batch, each once', async () => {
    const large = { organizationId: randomUUID(), accountId: randomUUID() };
    await upsert(
      large,
      Array.from({ length: 2_345 }, (_, i) => ({ externalId: `i-${i}`, name: `asset ${i}` })),
    );
    await dataSource.query('DELETE FROM outbox');
    expect(await republisher.republish(large.organizationId)).toEqual({ assets: 2_345, collections: 0 });
    const [{ events, assetIds }] = await dataSource.query<{ events: number; assetIds: number }[]>(
      `SELECT count(*)::int AS events, count(DISTINCT envelope->'payload'->>'assetId')::int AS "assetIds"
         FROM outbox WHERE topic = $1`,
      [TOPICS.inventoryAssetUpserted],
    );
    expect({ events, assetIds }).toEqual({ events: 2_345, assetIds: 2_345 });
  });

  it('with --all, publishes every organization', async () => {
    const seen: string[] = [];
    await republisher.republishAll((organizationId) => seen.push(organizationId));
    expect(seen).toEqual(expect.arrayContaining([ours.organizationId, theirs.organizationId]));
  });
});
