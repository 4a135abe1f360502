// Medium tier: tagging's read model of inventory and the system tags derived from it, on a scratch PostgreSQL
// database with the real migrations. Events are applied as the consumer applies them (in a transaction).
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AssetUpsertedPayload } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { AuditLogRepository } from '../../src/audit-log/audit-log.repository';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import { AssignmentEvents } from '../../src/tag-assignment/assignment-events';
import { SystemTagsService } from '../../src/tag-assignment/system-tags.service';
import { TagAssignmentRepository } from '../../src/tag-assignment/tag-assignment.repository';
import { TagsRepository } from '../../src/tags/tags.repository';
import { taggingTestDatabase } from './tagging-database';

describe('tagging read model and system tags (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof taggingTestDatabase>>;
  let dataSource: DataSource;
  let tags: TagsRepository;
  let systemTags: SystemTagsService;
  const readModels = new ReadModelsRepository();
  const ours = randomUUID();
  const theirs = randomUUID();

  beforeAll(async () => {
    database = await taggingTestDatabase();
    dataSource = database.dataSource;
    tags = new TagsRepository(dataSource);
    const assignments = new TagAssignmentRepository(dataSource);
    systemTags = new SystemTagsService(
      assignments,
      new AssignmentEvents(new EventPublisher()),
      new AuditLogRepository(dataSource),
      new EventPublisher(),
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  const upserted = (assetId: string, site: string | null, instanceType = 'm5.large'): AssetUpsertedPayload => ({
    assetId,
    externalId: `i-${assetId.slice(0, 8)}`,
    name: `asset-${assetId.slice(0, 8)}`,
    status: 'active',
    collectionIds: [],
    attributes: { site, instance_type: instanceType, memory: 8 },
  });

  /** What the consumer does for inventory.asset.upserted.v1. */
  const applyUpsert = (organizationId: string, payload: AssetUpsertedPayload) =>
    dataSource.transaction(async (manager) => {
      if (await readModels.upsertAsset(manager, organizationId, payload))
        await systemTags.derive(manager, { organizationId, accountId: null, actorId: null }, [payload.assetId]);
    });

  const systemTagsOf = async (organizationId: string, assetId: string) =>
    (await tags.list(organizationId, { assetId, includeSystemTags: true, includeTagAssets: false }))
      .filter((tag) => tag.system)
      .map((tag) => `${tag.key}:${tag.value}`)
      .sort();

  it('derives site and instance type tags, follows attribute changes, and publishes only the changes', async () => {
    const assetId = randomUUID();
    await applyUpsert(ours, upserted(assetId, 'us-east-1a'));
    expect(await systemTagsOf(ours, assetId)).toEqual(['instance_type:m5.large', 'site:us-east-1a']);
    const before = await outboxCount();
    await applyUpsert(ours, upserted(assetId, 'us-east-1a'));
    expect(await outboxCount()).toBe(before);
    await applyUpsert(ours, upserted(assetId, null, 'c5.xlarge'));
    expect(await systemTagsOf(ours, assetId)).toEqual(['instance_type:c5.xlarge']);
    const [{ payload }] = await dataSource.query<{ payload: { assignments: unknown[]; unassignments: unknown[] } }[]>(
      `SELECT envelope -> 'payload' AS payload FROM outbox WHERE topic = 'tagging.tags.assigned.v1' ORDER BY id DESC LIMIT 1`,
    );
    expect([payload.assignments.length, payload.unassignments.length]).toEqual([1, 2]);
    // The new system tag is announced with its key and value (analytics labels cost breakdowns with them).
    const [changed] = await dataSource.query<{ payload: { key: string; value: string } }[]>(
      `SELECT envelope -> 'payload' AS payload FROM outbox WHERE topic = 'tagging.tag.changed.v1' ORDER BY id DESC LIMIT 1`,
    );
    expect(changed.payload).toMatchObject({ key: 'instance_type', value: 'c5.xlarge' });
  });

  it('never moves an asset or a collection seen under another organization', async () => {
    const assetId = randomUUID();
    await applyUpsert(ours, upserted(assetId, 'eu-west-1a'));
    await applyUpsert(theirs, { ...upserted(assetId, 'hijacked'), name: 'hijacked' });
    const [row] = await dataSource.query<{ organization_id: string; name: string }[]>(
      `SELECT organization_id, name FROM assets WHERE id = $1`,
      [assetId],
    );
    expect(row).toEqual({ organization_id: ours, name: upserted(assetId, null).name });
    expect(await systemTagsOf(theirs, assetId)).toEqual([]);

    const collectionId = randomUUID();
    const change = (organizationId: string, assetIds: string[]) =>
      dataSource.transaction((manager) =>
        readModels.replaceCollection(manager, organizationId, { collectionId, name: 'c', assetIds, deleted: false }),
      );
    await change(ours, [assetId]);
    await change(theirs, [randomUUID()]);
    const members = await dataSource.query<{ asset_id: string; organization_id: string }[]>(
      `SELECT asset_id, organization_id FROM collection_assets WHERE collection_id = $1`,
      [collectionId],
    );
    expect(members).toEqual([{ asset_id: assetId, organization_id: ours }]);
  });

  it('keeps the latest telemetry report: a late, older one changes nothing', async () => {
    const assetId = randomUUID();
    await applyUpsert(ours, upserted(assetId, 'ap-south-1a'));
    const report = (lastReportedAt: string, organizationId = ours) =>
      dataSource.transaction((manager) =>
        readModels.applyFreshness(manager, organizationId, { assets: [{ assetId, lastReportedAt }] }),
      );
    await report('2026-01-02T00:00:00Z');
    await report('2026-01-01T00:00:00Z');
    await report('2030-01-01T00:00:00Z', theirs);
    const [{ last }] = await dataSource.query<{ last: Date }[]>(
      `SELECT last_reported_at AS last FROM assets WHERE id = $1`,
      [assetId],
    );
    expect(last.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  async function outboxCount(): Promise<number> {
    const [{ count }] = await dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM outbox`);
    return count;
  }
});
