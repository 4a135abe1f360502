// Medium tier: batchAssignTags on a scratch PostgreSQL database with the real migrations. Its events are built by
// PostgreSQL in the same statement as the assignments (they never pass through Node), so the schema check that
// `EventPublisher.publishMany` makes is made here, on every event it wrote.
import { DataSource } from 'typeorm';
import { type TagsAssignedPayload, TOPICS, validateTopicPayload } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { AuditLogRepository } from '../../src/audit-log/audit-log.repository';
import { AssignmentEvents, PAIRS_PER_EVENT } from '../../src/tag-assignment/assignment-events';
import { TagAssignmentRepository } from '../../src/tag-assignment/tag-assignment.repository';
import { TagAssignmentService } from '../../src/tag-assignment/tag-assignment.service';
import { TagsRepository } from '../../src/tags/tags.repository';
import { adminOfNewOrganization, taggingTestDatabase } from './tagging-database';

describe('batchAssignTags (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof taggingTestDatabase>>;
  let dataSource: DataSource;
  let service: TagAssignmentService;
  const admin = adminOfNewOrganization();
  let tagIds: string[];
  let assetIds: string[];
  /** More pairs than one event holds: the events are cut at PAIRS_PER_EVENT. */
  const ASSETS = Math.ceil((PAIRS_PER_EVENT * 1.5) / 2);

  beforeAll(async () => {
    database = await taggingTestDatabase();
    dataSource = database.dataSource;
    const tags = new TagsRepository(dataSource);
    const assignments = new TagAssignmentRepository(dataSource);
    service = new TagAssignmentService(
      assignments,
      tags,
      new AssignmentEvents(new EventPublisher()),
      new AuditLogRepository(dataSource),
    );
    tagIds = (await dataSource.transaction((manager) =>
      tags.insertMany(manager, admin.organizationId, admin.userId, [
        { key: 'env', value: 'prod' },
        { key: 'team', value: 'web' },
      ]),
    ))!;
    assetIds = (
      await dataSource.query<{ id: string }[]>(
        `INSERT INTO assets (id, organization_id, external_id, name, status)
         SELECT gen_random_uuid(), $1, 'i-' || n, 'asset ' || n, 'active' FROM generate_series(1, $2::int) n
         RETURNING id`,
        [admin.organizationId, ASSETS],
      )
    ).map((row) => row.id);
  });

  afterAll(async () => {
    await database?.drop();
  });

  const eventsAfter = async (id: number) =>
    dataSource.query<{ id: number; message_key: string; envelope: Record<string, unknown> }[]>(
      `SELECT id::int, message_key, envelope FROM outbox WHERE topic = $1 AND id > $2 ORDER BY id`,
      [TOPICS.taggingTagsAssigned, id],
    );
  const lastOutboxId = async () =>
    (await dataSource.query<{ id: number }[]>(`SELECT coalesce(max(id), 0)::int AS id FROM outbox`))[0]!.id;
  const pairsOf = (list: { tagId: string; assetId: string }[]) => list.map((pair) => `${pair.tagId}/${pair.assetId}`);

  it('assigns every pair once and announces each in events the topic schema accepts', async () => {
    const before = await lastOutboxId();
    const summary = await service.assign(admin, { tagIds, assetIds });
    expect(summary).toEqual({
      tags: 2,
      assets: ASSETS,
      newlyAssigned: 2 * ASSETS,
      alreadyPresent: 0,
      unassigned: 0,
    });
    const events = await eventsAfter(before);
    expect(events).toHaveLength(Math.ceil((2 * ASSETS) / PAIRS_PER_EVENT));
    const announced: string[] = [];
    for (const { message_key, envelope } of events) {
      expect(validateTopicPayload(TOPICS.taggingTagsAssigned, envelope.payload)).toEqual([]);
      expect(envelope).toMatchObject({
        type: TOPICS.taggingTagsAssigned,
        organizationId: admin.organizationId,
        accountId: admin.accountId,
        actorId: admin.userId,
      });
      expect(envelope.eventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(envelope.occurredAt as string).toISOString()).toBe(envelope.occurredAt);
      expect(message_key).toBe(admin.organizationId);
      const payload = envelope.payload as TagsAssignedPayload;
      expect(payload.assignments.length).toBeLessThanOrEqual(PAIRS_PER_EVENT);
      expect(payload.unassignments).toEqual([]);
      announced.push(...pairsOf(payload.assignments));
    }
    const expected = tagIds.flatMap((tagId) => assetIds.map((assetId) => `${tagId}/${assetId}`));
    expect(announced.sort()).toEqual(expected.sort());
    const audit = await dataSource.query<{ tag_id: string; detail_params: { count: number } }[]>(
      `SELECT tag_id, detail_params FROM tag_audit_log WHERE organization_id = $1 AND activity = 'tags.assigned'`,
      [admin.organizationId],
    );
    expect(audit.map((entry) => [entry.tag_id, entry.detail_params.count]).sort()).toEqual(
      tagIds.map((tagId) => [tagId, ASSETS]).sort(),
    );
  });

  it('a repeated request changes nothing and announces nothing', async () => {
    const before = await lastOutboxId();
    expect(await service.assign(admin, { tagIds, assetIds })).toMatchObject({
      newlyAssigned: 0,
      alreadyPresent: 2 * ASSETS,
    });
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('unassigning announces the pairs removed, and only those', async () => {
    const before = await lastOutboxId();
    const removeFrom = assetIds.slice(0, 10);
    expect(await service.assign(admin, { tagIds: [tagIds[0]!], unassignAssetIds: removeFrom })).toMatchObject({
      newlyAssigned: 0,
      unassigned: 10,
    });
    const events = await eventsAfter(before);
    expect(events).toHaveLength(1);
    const payload = events[0]!.envelope.payload as TagsAssignedPayload;
    expect(validateTopicPayload(TOPICS.taggingTagsAssigned, payload)).toEqual([]);
    expect(payload.assignments).toEqual([]);
    expect(pairsOf(payload.unassignments).sort()).toEqual(
      removeFrom.map((assetId) => `${tagIds[0]}/${assetId}`).sort(),
    );
  });
});
