// Tagging through the real gateway: the tag library (validation, all-or-nothing batches, archive), assignment by
// asset and by collection (reaching inventory's filters over Kafka), system tags, status from analytics'
// telemetry freshness events, the audit log, roles and tenants.
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Producer } from 'kafkajs';
import {
  type AssetDto,
  type AssignTagsSummary,
  type AuditLogEntryDto,
  type CreateTagsResponse,
  MESSAGES,
  type Page,
  TAG_RULE_MESSAGES,
  type TagDto,
  type UpsertAssetsResponse,
} from '@infra/contracts';
import { kafkaSettingsForTests, pollUntil } from '@infra/platform/testing';
import { callAs, OrganizationSession, organizationSession } from './support/api-client';

jest.setTimeout(120_000);

const run = randomUUID().slice(0, 8);

let adminSession: OrganizationSession;
let admin: ReturnType<typeof callAs>;
let user: ReturnType<typeof callAs>;
let acme: ReturnType<typeof callAs>;
let assetIds: string[];
let collectionId: string;

const key = (name: string) => `e2e-${run}-${name}`;

async function createTags(tags: { key: string; value: string; description?: string }[]): Promise<TagDto[]> {
  const response = await admin<CreateTagsResponse>('POST', 'tags/batch', { tags });
  expect(response.status).toBe(201);
  return response.body.tags;
}

/** Assigning succeeds once tagging's read model has the assets (inventory's events). */
async function assignWhenKnown(body: Record<string, unknown>): Promise<AssignTagsSummary> {
  return pollUntil('tagging knows the assets', async () => {
    const response = await admin<AssignTagsSummary>('POST', 'tags/batchAssignTags', body);
    return response.status === 200 ? response.body : undefined;
  });
}

beforeAll(async () => {
  adminSession = await organizationSession('admin');
  admin = callAs(adminSession);
  user = callAs(await organizationSession('user'));
  acme = callAs(await organizationSession('acme', 'acme'));
  const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
    assets: ['a', 'b', 'c'].map((name) => ({
      externalId: `i-${run}-${name}`,
      name: `${run}-${name}`,
      site: `e2e-site-${run}`,
      instance_type: 'm5.large',
    })),
  });
  assetIds = upserted.body.results.map((result) => result.id);
  const collection = await admin<{ id: string }>('POST', 'collections', {
    name: `tags-e2e-${run}`,
    assetIds: assetIds.slice(0, 2),
  });
  collectionId = collection.body.id;
});

describe('creating tags (batchCreateTag)', () => {
  it('creates every tag of a batch, Pending, with its readable tagId', async () => {
    const [env, team] = await createTags([
      { key: key('env'), value: 'prod', description: 'Production,tier-1' },
      { key: key('team'), value: 'web_ops' },
    ]);
    expect(env).toMatchObject({ key: key('env'), value: 'prod', tagId: `${key('env')}:prod`, status: 'Pending' });
    expect(env.description).toBe('Production,tier-1');
    expect(team).toMatchObject({ description: '', assetCount: 0, system: false });
    const listed = await admin<TagDto[]>('GET', `tags?tagIds=${env.id}|${team.id}`);
    expect(listed.body.map((tag) => tag.id).sort()).toEqual([env.id, team.id].sort());
  });

  it('refuses each broken rule with its message, and writes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ key: 'has space', value: 'v' }, TAG_RULE_MESSAGES.key],
      [{ key: 'k'.repeat(513), value: 'v' }, TAG_RULE_MESSAGES.key],
      [{ key: '', value: 'v' }, TAG_RULE_MESSAGES.keyRequired],
      [{ key: key('ok'), value: 'with.dot' }, TAG_RULE_MESSAGES.value],
      [{ key: key('ok'), value: 'v'.repeat(257) }, TAG_RULE_MESSAGES.value],
      [{ key: key('ok'), value: 'v', description: 'no spaces allowed' }, TAG_RULE_MESSAGES.description],
      [{ key: key('ok'), value: 'v', description: 'd'.repeat(257) }, TAG_RULE_MESSAGES.description],
    ];
    for (const [tag, message] of cases) {
      const response = await admin<{ message: string }>('POST', 'tags/batch', {
        tags: [{ key: key('valid-neighbour'), value: 'v' }, tag],
      });
      expect(response.status).toBe(400);
      expect(response.text).toContain(message);
    }
    const neighbour = await admin<TagDto[]>('GET', `tags?search=${key('valid-neighbour')}`);
    expect(neighbour.body).toEqual([]);
  });

  it('answers a pair repeated in the batch with 400 and an existing pair (any case) with 409, all or nothing', async () => {
    const repeated = await admin<{ code: string }>('POST', 'tags/batch', {
      tags: [
        { key: key('dup'), value: 'x' },
        { key: key('DUP'), value: 'X' },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.code).toBe('TAG_PAIR_REPEATED');
    await createTags([{ key: key('exists'), value: 'yes' }]);
    const existing = await admin<{ code: string; message: string; errorId: string }>('POST', 'tags/batch', {
      tags: [
        { key: key('fresh'), value: 'new' },
        { key: key('EXISTS'), value: 'YES' },
      ],
    });
    expect(existing.status).toBe(409);
    expect(existing.body).toMatchObject({ code: 'TAG_EXISTS', message: MESSAGES.alreadyExists });
    expect(existing.body.errorId).toBeTruthy();
    expect((await admin<TagDto[]>('GET', `tags?search=${key('fresh')}`)).body).toEqual([]);
  });

  it('is for Admins: a User reads tags but cannot create or change them', async () => {
    expect((await user('GET', 'tags')).status).toBe(200);
    expect((await user('POST', 'tags/batch', { tags: [{ key: key('user'), value: 'v' }] })).status).toBe(403);
    const [tag] = await createTags([{ key: key('admin-only'), value: 'v' }]);
    expect((await user('PATCH', `tags/${tag.id}`, { description: 'changed' })).status).toBe(403);
    expect((await user('POST', 'tags/batchAssignTags', { tagIds: [tag.id], assetIds })).status).toBe(403);
  });
});

describe('assigning tags (batchAssignTags)', () => {
  it('assigns by asset and by collection, answers a summary, and inventory filters by the tag', async () => {
    const [tag] = await createTags([{ key: key('assigned'), value: 'v' }]);
    const first = await assignWhenKnown({ tagIds: [tag.id], assetIds: [assetIds[2]], collectionIds: [collectionId] });
    expect(first).toEqual({ tags: 1, assets: 3, newlyAssigned: 3, alreadyPresent: 0, unassigned: 0 });
    const again = await admin<AssignTagsSummary>('POST', 'tags/batchAssignTags', {
      tagIds: [tag.id],
      assetIds: assetIds,
    });
    expect(again.body).toEqual({ tags: 1, assets: 3, newlyAssigned: 0, alreadyPresent: 3, unassigned: 0 });
    const filtered = await pollUntil('inventory filters by the tag', async () => {
      const page = await admin<Page<AssetDto>>('GET', `assets?tagIds=${tag.id}`);
      // The page and its total are two statements: the assignment's event can land between them (total 3, no rows).
      return page.body.total === 3 && page.body.items.length === 3 ? page.body : undefined;
    });
    expect(filtered.items.map((asset) => asset.id).sort()).toEqual([...assetIds].sort());

    const [listed] = (await admin<TagDto[]>('GET', `tags?tagIds=${tag.id}&includeTagAssets=true`)).body;
    expect(listed.assetCount).toBe(3);
    expect(listed.assetIds).toEqual([...assetIds].sort());
    expect((await admin<TagDto[]>('GET', `tags?assetId=${assetIds[2]}`)).body.map((t) => t.id)).toContain(tag.id);
    expect((await admin<TagDto[]>('GET', `tags?collectionIds=${collectionId}`)).body.map((t) => t.id)).toContain(
      tag.id,
    );

    const removed = await admin<AssignTagsSummary>('POST', 'tags/batchAssignTags', {
      tagIds: [tag.id],
      unassignAssetIds: [assetIds[0]],
    });
    expect(removed.body).toMatchObject({ newlyAssigned: 0, unassigned: 1 });
    await pollUntil('inventory drops the unassigned asset', async () => {
      const page = await admin<Page<AssetDto>>('GET', `assets?tagIds=${tag.id}`);
      return page.body.total === 2;
    });
  });

  it('refuses unknown tags, assets and collections, and archived tags', async () => {
    const [tag] = await createTags([{ key: key('refusals'), value: 'v' }]);
    await assignWhenKnown({ tagIds: [tag.id], assetIds: [assetIds[0]] });
    const unknownTag = await admin<{ code: string }>('POST', 'tags/batchAssignTags', {
      tagIds: [randomUUID()],
      assetIds: [assetIds[0]],
    });
    expect([unknownTag.status, unknownTag.body.code]).toEqual([404, 'TAG_NOT_FOUND']);
    const unknownAsset = await admin<{ code: string }>('POST', 'tags/batchAssignTags', {
      tagIds: [tag.id],
      assetIds: [randomUUID()],
    });
    expect([unknownAsset.status, unknownAsset.body.code]).toEqual([404, 'TAG_ASSETS_UNKNOWN']);
    const unknownCollection = await admin<{ code: string }>('POST', 'tags/batchAssignTags', {
      tagIds: [tag.id],
      collectionIds: [randomUUID()],
    });
    expect([unknownCollection.status, unknownCollection.body.code]).toEqual([404, 'TAG_COLLECTIONS_UNKNOWN']);
    const malformed = await admin('POST', 'tags/batchAssignTags', { tagIds: ['not-a-uuid'], assetIds: [] });
    expect(malformed.status).toBe(400);

    const archived = await admin<TagDto>('PATCH', `tags/${tag.id}`, { archived: true });
    expect(archived.body.status).toBe('Archived');
    const refused = await admin<{ code: string }>('POST', 'tags/batchAssignTags', {
      tagIds: [tag.id],
      assetIds: [assetIds[1]],
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'TAG_ARCHIVED']);
    // Removing an archived tag from assets is still allowed (cleaning up).
    const cleanup = await admin<AssignTagsSummary>('POST', 'tags/batchAssignTags', {
      tagIds: [tag.id],
      unassignAssetIds: [assetIds[0]],
    });
    expect(cleanup.body.unassigned).toBe(1);
    const restored = await admin<TagDto>('PATCH', `tags/${tag.id}`, { archived: false, description: 'back' });
    expect(restored.body).toMatchObject({ status: 'Pending', description: 'back' });
  });
});

describe('system tags', () => {
  it('follow asset attributes, appear only with includeSystemTags, and are read-only', async () => {
    const site = `e2e-site-${run}`;
    const systemTag = await pollUntil('the site system tag', async () => {
      const tags = (await admin<TagDto[]>('GET', `tags?assetId=${assetIds[0]}&includeSystemTags=true`)).body;
      return tags.find((tag) => tag.system && tag.tagId === `site:${site}`);
    });
    expect(systemTag.assetCount).toBe(3);
    const plain = (await admin<TagDto[]>('GET', `tags?assetId=${assetIds[0]}`)).body;
    expect(plain.some((tag) => tag.system)).toBe(false);
    const edit = await admin<{ code: string }>('PATCH', `tags/${systemTag.id}`, { description: 'mine' });
    expect([edit.status, edit.body.code]).toEqual([400, 'TAG_SYSTEM_READ_ONLY']);
    const assign = await admin<{ code: string }>('POST', 'tags/batchAssignTags', {
      tagIds: [systemTag.id],
      assetIds: [assetIds[0]],
    });
    expect(assign.status).toBe(400);

    // The asset moves: its site tag follows.
    await admin('PUT', 'assets', {
      assets: [{ externalId: `i-${run}-a`, name: `${run}-a`, site: `${site}-moved`, instance_type: 'm5.large' }],
    });
    await pollUntil('the moved asset carries the new site tag only', async () => {
      const tags = (await admin<TagDto[]>('GET', `tags?assetId=${assetIds[0]}&includeSystemTags=true`)).body;
      const sites = tags.filter((tag) => tag.system && tag.key === 'site').map((tag) => tag.tagId);
      return sites.length === 1 && sites[0] === `site:${site}-moved`;
    });
    const refreshed = await admin<{ assets: number }>('POST', 'tags/assignSystemTag', { assetIds });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.assets).toBe(3);
  });
});

describe('tag status from telemetry freshness (analytics.telemetry.freshness.v1)', () => {
  let producer: Producer;

  beforeAll(async () => {
    producer = new Kafka({ ...kafkaSettingsForTests('e2e-tagging'), logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
  });
  afterAll(() => producer.disconnect());

  const report = async (assets: { assetId: string; lastReportedAt: string }[]) => {
    await producer.send({
      topic: 'analytics.telemetry.freshness.v1',
      messages: [
        {
          key: adminSession.organizationId,
          value: JSON.stringify({
            eventId: randomUUID(),
            type: 'analytics.telemetry.freshness.v1',
            occurredAt: new Date().toISOString(),
            accountId: adminSession.accountId,
            organizationId: adminSession.organizationId,
            actorId: null,
            payload: { assets },
          }),
        },
      ],
    });
  };

  it('Pending until an asset reports, Active while one reported in 24 h, Offline when they stopped', async () => {
    const [active, offline] = await createTags([
      { key: key('fresh-status'), value: 'active' },
      { key: key('fresh-status'), value: 'offline' },
    ]);
    await assignWhenKnown({ tagIds: [active.id], assetIds: [assetIds[1]] });
    await assignWhenKnown({ tagIds: [offline.id], assetIds: [assetIds[2]] });
    const statusOf = async (id: string) => (await admin<TagDto[]>('GET', `tags?tagIds=${id}`)).body[0].status;
    expect(await statusOf(active.id)).toBe('Pending');
    await report([
      { assetId: assetIds[1], lastReportedAt: new Date().toISOString() },
      { assetId: assetIds[2], lastReportedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() },
    ]);
    await pollUntil('the tags follow the reports', async () => {
      return (await statusOf(active.id)) === 'Active' && (await statusOf(offline.id)) === 'Offline';
    });
    const pickers = (await admin<TagDto[]>('GET', `tags?status=Active&search=${key('fresh-status')}`)).body;
    expect(pickers.map((tag) => tag.id)).toEqual([active.id]);
  });
});

describe('audit log (getTagsEvents)', () => {
  it("lists a tag's history and the organization's, newest first, paged", async () => {
    const [tag] = await createTags([{ key: key('audited'), value: 'v' }]);
    await assignWhenKnown({ tagIds: [tag.id], assetIds: [assetIds[0]] });
    await admin('PATCH', `tags/${tag.id}`, { description: 'edited' });
    await admin('PATCH', `tags/${tag.id}`, { archived: true });
    const history = await admin<Page<AuditLogEntryDto>>('GET', `tags/getTagsEvents?id=${tag.id}`);
    expect(history.body.items.map((entry) => entry.activity)).toEqual([
      'tag.archived',
      'tag.updated',
      'tags.assigned',
      'tag.created',
    ]);
    expect(history.body.items[0]).toMatchObject({ userId: expect.any(String), apiKeyId: null, tagId: tag.id });
    expect(history.body.items[2].detail).toBe(`Assigned ${key('audited')}:v to 1 asset`);
    // What happened is a code with parameters, which readers render in their language.
    expect(history.body.items.map(({ detailCode, detailParams }) => ({ detailCode, detailParams }))).toEqual([
      { detailCode: 'tagArchived', detailParams: { tag: `${key('audited')}:v` } },
      { detailCode: 'tagDescriptionChanged', detailParams: { tag: `${key('audited')}:v` } },
      { detailCode: 'tagAssigned', detailParams: { tag: `${key('audited')}:v`, count: 1 } },
      { detailCode: 'tagCreated', detailParams: { tag: `${key('audited')}:v` } },
    ]);
    const organization = await admin<Page<AuditLogEntryDto>>(
      'GET',
      `tags/getTagsEvents?id=${adminSession.organizationId}&pageSize=2&page=1`,
    );
    expect(organization.body.items).toHaveLength(2);
    expect(organization.body.total).toBeGreaterThanOrEqual(4);
    expect((await admin('GET', 'tags/getTagsEvents?pageSize=1000')).status).toBe(400);
  });
});

describe('another tenant', () => {
  it("can neither read, change nor assign the organization's tags, nor reach its assets", async () => {
    const [tag] = await createTags([{ key: key('private'), value: 'v' }]);
    expect((await acme<TagDto[]>('GET', `tags?tagIds=${tag.id}`)).body).toEqual([]);
    expect((await acme('PATCH', `tags/${tag.id}`, { description: 'mine' })).status).toBe(404);
    expect((await acme('POST', 'tags/batchAssignTags', { tagIds: [tag.id], assetIds: [] })).status).toBe(404);
    const [theirs] = (
      await acme<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: key('acme'), value: 'v' }] })
    ).body.tags;
    const reach = await acme<{ code: string }>('POST', 'tags/batchAssignTags', {
      tagIds: [theirs.id],
      assetIds: [assetIds[0]],
    });
    expect([reach.status, reach.body.code]).toEqual([404, 'TAG_ASSETS_UNKNOWN']);
    const log = await acme<Page<AuditLogEntryDto>>('GET', `tags/getTagsEvents?id=${tag.id}`);
    expect(log.body.total).toBe(0);
    // The same pair may exist in two organizations.
    const same = await acme('POST', 'tags/batch', { tags: [{ key: key('private'), value: 'v' }] });
    expect(same.status).toBe(201);
  });
});
