// Medium tier: inventory's filter queries on a scratch PostgreSQL database with the real migrations. The copies of
// memberships and tags on each asset row follow every change of the tables they copy, and never cross tenants.
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import { migratedTestDatabase, pollUntil } from '@infra/platform/testing';
import { AssetsRepository } from '../../src/assets/assets.repository';
import { CollectionsRepository } from '../../src/collections/collections.repository';
import { INVENTORY_MIGRATIONS } from '../../src/inventory.service-definition';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';

describe('asset filters (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let dataSource: DataSource;
  let assets: AssetsRepository;
  let collections: CollectionsRepository;
  const readModels = new ReadModelsRepository();
  const ours = { organizationId: randomUUID(), accountId: randomUUID() };
  const theirs = { organizationId: randomUUID(), accountId: randomUUID() };

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_inventory',
      [...MESSAGING_MIGRATIONS, ...INVENTORY_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    dataSource = database.dataSource;
    assets = new AssetsRepository(dataSource);
    collections = new CollectionsRepository(dataSource);
  });

  afterAll(async () => {
    await database?.drop();
  });

  const upsert = (tenant: typeof ours, names: string[]) =>
    dataSource.transaction((manager) =>
      assets.upsert(
        manager,
        tenant,
        names.map((name) => ({ externalId: `i-${name}`, name, status: 'active' as const })),
      ),
    );
  const listed = async (tenant: typeof ours, filter: { tagIds?: string[]; collectionIds?: string[] }) =>
    (
      await assets.list(tenant.organizationId, {
        ...filter,
        limit: 50,
        offset: 0,
        sort: 'name',
        descending: false,
        statuses: ['active', 'offline', 'pending'],
      })
    ).rows.map((row) => row.name);

  it('follows memberships and tag assignments, and keeps each organization to itself', async () => {
    const [a, b, c] = await upsert(ours, ['a', 'b', 'c']);
    const [x] = await upsert(theirs, ['x']);
    const web = await dataSource.transaction((manager) => collections.insert(manager, ours, 'web'));
    const tag = randomUUID();
    await dataSource.transaction((manager) => collections.addMembers(manager, ours.organizationId, web, [a.id, b.id]));
    // Another organization's asset id is never made a member.
    await dataSource.transaction((manager) => collections.addMembers(manager, ours.organizationId, web, [x.id]));
    await dataSource.transaction((manager) =>
      readModels.applyTagAssignments(manager, ours.organizationId, {
        assignments: [
          { tagId: tag, assetId: b.id },
          { tagId: tag, assetId: c.id },
        ],
        unassignments: [],
      }),
    );
    // A tagging event of the other organization naming our asset changes nothing of ours.
    await dataSource.transaction((manager) =>
      readModels.applyTagAssignments(manager, theirs.organizationId, {
        assignments: [{ tagId: tag, assetId: a.id }],
        unassignments: [],
      }),
    );
    expect(await listed(ours, { collectionIds: [web] })).toEqual(['a', 'b']);
    expect(await listed(ours, { tagIds: [tag] })).toEqual(['b', 'c']);
    expect(await listed(ours, { tagIds: [tag], collectionIds: [web] })).toEqual(['b']);
    expect(await listed(theirs, { tagIds: [tag] })).toEqual([]);
    expect(await listed(theirs, { collectionIds: [web] })).toEqual([]);

    await dataSource.transaction((manager) =>
      readModels.applyTagAssignments(manager, ours.organizationId, {
        assignments: [],
        unassignments: [{ tagId: tag, assetId: b.id }],
      }),
    );
    await dataSource.transaction((manager) => collections.removeMembers(manager, ours.organizationId, web, [a.id]));
    expect(await listed(ours, { tagIds: [tag], collectionIds: [web] })).toEqual([]);
    expect(await listed(ours, { collectionIds: [web] })).toEqual(['b']);

    await dataSource.transaction((manager) => collections.delete(manager, ours.organizationId, web));
    expect(await listed(ours, { collectionIds: [web] })).toEqual([]);
    const [row] = (await dataSource.query(`SELECT collection_ids, tag_ids FROM assets WHERE id = $1`, [c.id])) as {
      collection_ids: string[];
      tag_ids: string[];
    }[];
    expect(row).toEqual({ collection_ids: [], tag_ids: [tag] });
  });

  it('keeps both copies when a membership change and a tag event refresh the same asset at once', async () => {
    const [asset] = await upsert(ours, ['race']);
    const db = await dataSource.transaction((manager) => collections.insert(manager, ours, 'race-db'));
    const tag = randomUUID();
    const membership = dataSource.createQueryRunner();
    await membership.connect();
    await membership.startTransaction();
    try {
      await collections.addMembers(membership.manager, ours.organizationId, db, [asset.id]);
      const [{ pid }] = (await membership.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
      // The tag event's refresh waits for the membership's row lock, then must see the committed membership.
      const tagging = dataSource.transaction((manager) =>
        readModels.applyTagAssignments(manager, ours.organizationId, {
          assignments: [{ tagId: tag, assetId: asset.id }],
          unassignments: [],
        }),
      );
      // Commits only once the refresh really waits for the membership's lock (not after a sleep hoping it does).
      await pollUntil('the tag refresh to wait for the membership lock', async () => {
        const waiting = (await dataSource.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND $1 = ANY(pg_blocking_pids(pid))`,
          [pid],
        )) as { n: number }[];
        return waiting[0].n === 1;
      });
      await membership.commitTransaction();
      await tagging;
    } finally {
      await membership.release();
    }
    const [row] = (await dataSource.query(`SELECT collection_ids, tag_ids FROM assets WHERE id = $1`, [asset.id])) as {
      collection_ids: string[];
      tag_ids: string[];
    }[];
    expect(row).toEqual({ collection_ids: [db], tag_ids: [tag] });
  });

  it('reports whether each asset of an upsert was created or updated', async () => {
    const first = await upsert(ours, ['u1', 'u2']);
    const second = await upsert(ours, ['u2', 'u3']);
    expect(first.map((row) => row.created)).toEqual([true, true]);
    expect(Object.fromEntries(second.map((row) => [row.external_id, row.created]))).toEqual({
      'i-u2': false,
      'i-u3': true,
    });
  });
});
