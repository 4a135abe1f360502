// Inventory through the real gateway: batch upserts (all or nothing, each rejected field named), filtered pages,
// status changes, collections, views, the sidebar, and the tag read model fed by real Kafka events.
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Producer } from 'kafkajs';
import type {
  AssetDto,
  CollectionDetailDto,
  CreateTagsResponse,
  Page,
  SidebarDto,
  UpsertAssetsResponse,
  ViewDto,
  ViewSummaryDto,
} from '@infra/contracts';
import { kafkaSettingsForTests, pollUntil } from '@infra/platform/testing';
import { call, callAs, OrganizationSession, organizationSession, profileOf, tokenFor } from './support/api-client';

jest.setTimeout(120_000);

const run = randomUUID().slice(0, 8);

const asset = (name: string, extra: Record<string, unknown> = {}) => ({
  externalId: `i-${run}-${name}`,
  name: `${run}-${name}`,
  instance_type: 'm5.xlarge',
  site: 'us-east-1a',
  cpu_cores: 4,
  memory: 16,
  current_generation: true,
  ...extra,
});

let admin: ReturnType<typeof callAs>;
let user: ReturnType<typeof callAs>;
let acme: ReturnType<typeof callAs>;
let adminSession: OrganizationSession;

beforeAll(async () => {
  adminSession = await organizationSession('admin');
  admin = callAs(adminSession);
  user = callAs(await organizationSession('user'));
  acme = callAs(await organizationSession('acme', 'acme'));
});

describe('PUT assets', () => {
  it('creates, then updates by externalId, keeping a status the request leaves out', async () => {
    const first = await admin<UpsertAssetsResponse>('PUT', 'assets', {
      assets: [asset('web-1'), asset('web-2', { status: 'pending' })],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 2, updated: 0 });
    expect(first.body.results.map((r) => [r.externalId, r.created])).toEqual([
      [`i-${run}-web-1`, true],
      [`i-${run}-web-2`, true],
    ]);
    const second = await admin<UpsertAssetsResponse>('PUT', 'assets', {
      assets: [asset('web-2', { name: `${run}-web-2-renamed`, cpu_cores: 8 }), asset('web-3')],
    });
    expect(second.body).toMatchObject({ created: 1, updated: 1 });
    expect(second.body.results[0].id).toBe(first.body.results[1].id);
    const updated = await admin<AssetDto>('GET', `assets/${first.body.results[1].id}`);
    expect(updated.body).toMatchObject({ name: `${run}-web-2-renamed`, cpu_cores: 8, status: 'pending' });
  });

  it('refuses a batch over 1000 with 413 and a clear message', async () => {
    const assets = Array.from({ length: 1001 }, (_, i) => ({ externalId: `big-${run}-${i}`, name: 'x' }));
    const response = await admin<{ message: string; code: string }>('PUT', 'assets', { assets });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      code: 'ASSET_BATCH_TOO_LARGE',
      message: 'Too many assets in one request: send at most 1000 per call.',
    });
  });

  it.each([
    ['negative cores', { cpu_cores: -1 }, 'assets.1.cpu_cores'],
    ['negative memory', { memory: -0.5 }, 'assets.1.memory'],
    ['negative speed', { cpu_speed: -2 }, 'assets.1.cpu_speed'],
    ['unknown status', { status: 'deleted' }, 'assets.1.status'],
    ['wrong type', { cpu_cores: 'four' }, 'assets.1.cpu_cores'],
    ['wrong boolean', { current_generation: 'yes' }, 'assets.1.current_generation'],
    ['control characters', { name: 'bad\u0000name' }, 'assets.1.name'],
    ['unknown field', { colour: 'blue' }, 'assets.1.property colour'],
  ])('refuses %s with 400 naming the item and field, and writes nothing', async (_, bad, field) => {
    const good = asset(`atomic-${randomUUID().slice(0, 6)}`);
    const response = await admin<{ message: string }>('PUT', 'assets', { assets: [good, { ...asset('bad'), ...bad }] });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
    const page = await admin<Page<AssetDto>>('GET', `assets?search=${encodeURIComponent(good.name)}`);
    expect(page.body.total).toBe(0);
  });

  it('refuses an externalId twice in one batch, naming both items', async () => {
    const response = await admin<{ message: string }>('PUT', 'assets', {
      assets: [asset('twice'), asset('other'), asset('twice')],
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('assets.2.externalId repeats assets.0.externalId');
  });

  it('is for Admins: a plain User may read but not write', async () => {
    expect((await user('PUT', 'assets', { assets: [asset('by-user')] })).status).toBe(403);
    expect((await user('GET', 'assets')).status).toBe(200);
  });
});

describe('GET assets', () => {
  let ids: string[];

  beforeAll(async () => {
    const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
      assets: ['c', 'a', 'b', 'd', 'e'].map((name, i) =>
        asset(`list-${name}`, { cpu_cores: i + 1, site: i % 2 ? 'eu-west-1b' : 'us-east-1a' }),
      ),
    });
    ids = upserted.body.results.map((r) => r.id);
  });

  it('pages and sorts on the server and finds text', async () => {
    const search = `${run}-list-`;
    const first = await admin<Page<AssetDto>>('GET', `assets?search=${search}&pageSize=2&sort=name`);
    expect(first.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.body.items.map((a) => a.name)).toEqual([`${run}-list-a`, `${run}-list-b`]);
    const third = await admin<Page<AssetDto>>('GET', `assets?search=${search}&pageSize=2&page=3&sort=name`);
    expect(third.body.items.map((a) => a.name)).toEqual([`${run}-list-e`]);
    const byCores = await admin<Page<AssetDto>>('GET', `assets?search=${search}&sort=-cpu_cores`);
    expect(byCores.body.items.map((a) => a.cpu_cores)).toEqual([5, 4, 3, 2, 1]);
    const bySite = await admin<Page<AssetDto>>('GET', `assets?search=${search}eu-west`);
    expect(bySite.body.total).toBe(0); // the text is searched per field, not across them
  });

  it('refuses bad paging, sorting and filters with 400 naming the parameter', async () => {
    for (const [query, name] of [
      ['pageSize=0', 'pageSize'],
      ['pageSize=201', 'pageSize'],
      ['page=-1', 'page'],
      ['sort=password', 'sort'],
      ['status=gone', 'status'],
      ['tagIds=not-a-uuid', 'tagIds'],
      ['collectionIds=1,2', 'collectionIds'],
      ['timeHorizon=Forever', 'timeHorizon'],
    ]) {
      const response = await admin<{ message: string }>('GET', `assets?${query}`);
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.body.message).toContain(name);
    }
  });

  it('leaves archived assets out unless asked, and changes status all or nothing', async () => {
    const search = `${run}-list-`;
    const archived = await admin<{ updated: number }>('POST', 'assets/update-active-status', {
      assetIds: [ids[0], ids[1]],
      status: 'archived',
    });
    expect(archived.body).toEqual({ updated: 2 });
    expect((await admin<Page<AssetDto>>('GET', `assets?search=${search}`)).body.total).toBe(3);
    expect((await admin<Page<AssetDto>>('GET', `assets?search=${search}&status=archived`)).body.total).toBe(2);
    // Again: nothing changes, nothing is counted.
    expect(
      (await admin('POST', 'assets/update-active-status', { assetIds: [ids[0]], status: 'archived' })).body,
    ).toEqual({ updated: 0 });
    // One unknown id refuses the whole request.
    const mixed = await admin('POST', 'assets/update-active-status', {
      assetIds: [ids[2], randomUUID()],
      status: 'offline',
    });
    expect(mixed.status).toBe(404);
    expect((await admin<AssetDto>('GET', `assets/${ids[2]}`)).body.status).toBe('active');
    expect((await user('POST', 'assets/update-active-status', { assetIds: [ids[2]], status: 'offline' })).status).toBe(
      403,
    );
  });

  it("answers another tenant's asset like an unknown one", async () => {
    const theirs = await acme('GET', `assets/${ids[2]}`);
    const unknown = await acme('GET', `assets/${randomUUID()}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ message: 'Oops! Asset Not Found', code: 'ASSET_NOT_FOUND' });
    expect(unknown.body).toMatchObject({ message: 'Oops! Asset Not Found' });
    expect((await acme<Page<AssetDto>>('GET', `assets?search=${run}`)).body.total).toBe(0);
  });

  it('shows the system attributes of an asset', async () => {
    const response = await admin<{ attributes: { name: string; value: unknown }[] }>(
      'GET',
      `assets/${ids[3]}/system-attributes`,
    );
    expect(response.body.attributes).toEqual(
      expect.arrayContaining([
        { name: 'cpu_cores', value: 4 },
        { name: 'instance_type', value: 'm5.xlarge' },
        { name: 'storage', value: null },
      ]),
    );
  });
});

describe('collections, views and the sidebar', () => {
  let assetIds: string[];
  let collection: CollectionDetailDto;

  beforeAll(async () => {
    const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
      assets: ['x', 'y', 'z'].map((name) => asset(`member-${name}`)),
    });
    assetIds = upserted.body.results.map((r) => r.id);
  });

  it('creates a collection with members, refuses a duplicate name and foreign assets, renames and edits members', async () => {
    const created = await admin<CollectionDetailDto>('POST', 'collections', {
      name: `Web tier ${run}`,
      assetIds: assetIds.slice(0, 2),
    });
    expect(created.status).toBe(201);
    collection = created.body;
    expect(collection).toMatchObject({ assetCount: 2 });
    const duplicate = await admin<{ message: string; code: string }>('POST', 'collections', {
      name: `web TIER ${run}`,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      code: 'COLLECTION_NAME_TAKEN',
      message: 'Oops!, the item you are trying to save already exist.',
    });
    expect((await acme('POST', 'collections', { name: `x${run}`, assetIds: [assetIds[0]] })).status).toBe(404);
    const changed = await admin<CollectionDetailDto>('PUT', `collections/${collection.id}/assets`, {
      add: [assetIds[2]],
      remove: [assetIds[0]],
    });
    expect(changed.body.assetIds.sort()).toEqual([assetIds[1], assetIds[2]].sort());
    const renamed = await admin<CollectionDetailDto>('PATCH', `collections/${collection.id}`, {
      name: `Web ${run}`,
    });
    expect(renamed.body.name).toBe(`Web ${run}`);
    const members = await admin<Page<AssetDto>>('GET', `assets?collectionIds=${collection.id}`);
    expect(members.body.items.map((a) => a.id).sort()).toEqual([assetIds[1], assetIds[2]].sort());
    expect((await user('POST', 'collections', { name: `by user ${run}` })).status).toBe(403);
  });

  it('saves a view (name and description rules), summarises its filter, and lists it in the sidebar', async () => {
    for (const [body, field] of [
      [{ name: 'has space' }, 'name'],
      [{ name: 'x'.repeat(31) }, 'name'],
      [{ name: `ok${run}`, description: 'no.dots' }, 'description'],
      [{ name: `ok${run}`, description: 'y'.repeat(257) }, 'description'],
      [{ name: `ok${run}`, timeHorizon: 'Next Year' }, 'timeHorizon'],
    ] as const) {
      const refused = await user<{ message: string }>('PATCH', 'views', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    const saved = await user<ViewDto>('PATCH', 'views', {
      name: `web-${run}`,
      description: 'Web_tier,filtered-view',
      collectionIds: [collection.id],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ timeHorizon: 'Last 30 Days', collectionIds: [collection.id] });
    const again = await admin<{ message: string }>('PATCH', 'views', { name: `WEB-${run}` });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Oops!, the item you are trying to save already exist.');
    const summary = await user<ViewSummaryDto>('GET', `views/summary?collectionIds=${collection.id}`);
    expect(summary.body).toMatchObject({
      assetCount: 2,
      byStatus: { active: 2, offline: 0, pending: 0, archived: 0 },
      collections: [{ id: collection.id, name: `Web ${run}` }],
    });
    const favorite = await user('PUT', 'meta/sidebar/favorite', { type: 'view', id: saved.body.id, favorite: true });
    expect(favorite.body).toEqual({ type: 'view', id: saved.body.id, name: `web-${run}`, favorite: true });
    const sidebar = await user<SidebarDto>('GET', 'meta/sidebar');
    expect(sidebar.body.favorites).toContainEqual(favorite.body);
    expect(sidebar.body.views).toContainEqual(favorite.body);
    expect(sidebar.body.collections).toContainEqual({
      type: 'collection',
      id: collection.id,
      name: `Web ${run}`,
      favorite: false,
    });
    // Favorites are per user.
    expect((await admin<SidebarDto>('GET', 'meta/sidebar')).body.favorites).not.toContainEqual(favorite.body);
    // A User may change their own view, not someone else's.
    const adminView = await admin<ViewDto>('PATCH', 'views', { name: `admins-${run}` });
    expect((await user('PATCH', 'views', { id: adminView.body.id, name: `mine-${run}` })).status).toBe(403);
    expect((await user('DELETE', `views/${adminView.body.id}`)).status).toBe(403);
    expect((await user('DELETE', `views/${saved.body.id}`)).status).toBe(204);
    expect((await user<SidebarDto>('GET', 'meta/sidebar')).body.favorites).not.toContainEqual(favorite.body);
  });

  it("a view's tags must be the organization's: a tag created a moment ago is taken, another tenant's is a 404", async () => {
    const ours = await admin<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: `view-${run}`, value: 'v' }] });
    const theirs = await acme<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: `view-${run}`, value: 'v' }] });
    const [ourTag, theirTag] = [ours.body.tags[0].id, theirs.body.tags[0].id];
    // No wait after creating the tag: inventory's copy of tags is a moment behind, and the save waits for it.
    const saved = await user<ViewDto>('PATCH', 'views', { name: `tagged-${run}`, tagIds: [ourTag] });
    expect([saved.status, saved.body.tagIds]).toEqual([200, [ourTag]]);
    for (const body of [
      { name: `foreign-${run}`, tagIds: [theirTag] },
      { id: saved.body.id, name: `tagged-${run}`, tagIds: [ourTag, theirTag] },
      { name: `random-${run}`, tagIds: [randomUUID()] },
    ]) {
      const refused = await user<{ code: string; message: string }>('PATCH', 'views', body);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        404,
        'TAG_NOT_FOUND',
        'Oops! Tag Not Found',
      ]);
    }
    expect((await user<ViewDto>('GET', `views/${saved.body.id}`)).body.tagIds).toEqual([ourTag]);
    expect((await user('DELETE', `views/${saved.body.id}`)).status).toBe(204);
  });

  it('deletes a collection, keeping its assets', async () => {
    expect((await admin('DELETE', `collections/${collection.id}`)).status).toBe(204);
    expect((await admin('GET', `collections/${collection.id}`)).status).toBe(404);
    expect((await admin('GET', `assets/${assetIds[1]}`)).status).toBe(200);
  });
});

describe('tag read model (tagging.tags.assigned.v1 over Kafka)', () => {
  let producer: Producer;

  beforeAll(async () => {
    producer = new Kafka({ ...kafkaSettingsForTests('e2e-inventory'), logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
  });
  afterAll(() => producer.disconnect());

  const send = async (eventId: string, organizationId: string, payload: unknown) => {
    await producer.send({
      topic: 'tagging.tags.assigned.v1',
      messages: [
        {
          key: organizationId,
          value: JSON.stringify({
            eventId,
            type: 'tagging.tags.assigned.v1',
            occurredAt: new Date().toISOString(),
            accountId: adminSession.accountId,
            organizationId,
            actorId: null,
            payload,
          }),
        },
      ],
    });
  };

  it('follows assignments and unassignments, each event applied once', async () => {
    const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
      assets: [asset('tagged-1'), asset('tagged-2')],
    });
    const [one, two] = upserted.body.results.map((r) => r.id);
    const tag = randomUUID();
    const tagged = async () =>
      (await admin<Page<AssetDto>>('GET', `assets?tagIds=${tag}`)).body.items.map((a) => a.id).sort();
    const assign = randomUUID();
    await send(assign, adminSession.organizationId, {
      assignments: [
        { tagId: tag, assetId: one },
        { tagId: tag, assetId: two },
      ],
      unassignments: [],
    });
    expect(await pollUntil('both assets tagged', async () => ((await tagged()).length === 2 ? true : undefined))).toBe(
      true,
    );
    // The asset also carries its system tags (site, instance type), which tagging assigns.
    expect((await admin<AssetDto>('GET', `assets/${one}`)).body.tagIds).toContain(tag);
    await send(randomUUID(), adminSession.organizationId, {
      assignments: [],
      unassignments: [{ tagId: tag, assetId: one }],
    });
    await pollUntil('one asset untagged', async () => ((await tagged()).length === 1 ? true : undefined));
    // The first event again (a redelivery): the inbox skips it, so the unassignment stands.
    await send(assign, adminSession.organizationId, {
      assignments: [{ tagId: tag, assetId: one }],
      unassignments: [],
    });
    // A later event proves the redelivery was consumed (in partition order) before we look.
    const marker = randomUUID();
    await send(randomUUID(), adminSession.organizationId, {
      assignments: [{ tagId: marker, assetId: two }],
      unassignments: [],
    });
    await pollUntil('the marker event', async () =>
      (await admin<Page<AssetDto>>('GET', `assets?tagIds=${marker}`)).body.total === 1 ? true : undefined,
    );
    expect(await tagged()).toEqual([two]);
    // An event of another organization tags nothing here.
    await send(randomUUID(), (await profileOf((await tokenFor('acme')).accessToken)).accounts[0].organization[0].id, {
      assignments: [{ tagId: tag, assetId: one }],
      unassignments: [],
    });
    expect((await acme<Page<AssetDto>>('GET', `assets?tagIds=${tag}`)).body.total).toBe(0);
  });
});

describe('AWS integration', () => {
  it('stores the role (never credentials), queues one sync at a time, and is for Admins', async () => {
    // A fresh organization of its own: one integration per organization.
    const sysadmin = (await tokenFor('sysadmin')).accessToken;
    const account = await call<{ id: string }>('POST', 'accounts', {
      token: sysadmin,
      body: { name: `AWS ${run}`, slug: `aws-${run}` },
    });
    const organization = await call<{ id: string }>('POST', 'organizations', {
      token: sysadmin,
      body: { accountId: account.body.id, name: `AWS ${run}` },
    });
    const owner = callAs({ token: sysadmin, organizationId: organization.body.id, accountId: account.body.id });
    expect((await owner('GET', 'integrations/aws')).status).toBe(404);
    for (const [body, field] of [
      [{ roleArn: 'arn:aws:iam::123:role/x', externalId: 'ext-123' }, 'roleArn'],
      [{ roleArn: 'arn:aws:iam::123456789012:role/x', externalId: 'e' }, 'externalId'],
      [{ roleArn: 'arn:aws:iam::123456789012:role/x', externalId: 'ext-123', regions: ['mars-1'] }, 'regions'],
      [{ roleArn: 'arn:aws:iam::123456789012:role/x', externalId: 'ext-123', secretAccessKey: 'x' }, 'secretAccessKey'],
    ] as const) {
      const refused = await owner<{ message: string }>('PUT', 'integrations/aws', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    const saved = await owner('PUT', 'integrations/aws', {
      roleArn: 'arn:aws:iam::123456789012:role/InfraAnalyticsReadOnly',
      externalId: `ext-${run}`,
      regions: ['us-east-1'],
    });
    expect(saved.body).toMatchObject({ state: 'never', regions: ['us-east-1'], lastError: null });
    // Two requests at once: one claims the sync, the other is told one is running.
    const syncs = await Promise.all([owner('POST', 'integrations/aws/sync'), owner('POST', 'integrations/aws/sync')]);
    expect(syncs.map((response) => response.status).sort()).toEqual([202, 409]);
    expect(syncs.find((response) => response.status === 202)!.body).toMatchObject({ state: 'queued' });
    expect(syncs.find((response) => response.status === 409)!.body).toMatchObject({ code: 'INTEGRATION_SYNC_RUNNING' });
    // This machine has no AWS credentials to assume the role with: the job records a clear failure.
    const failed = await pollUntil(
      'the sync to fail',
      async () => {
        const { body } = await owner<{ state: string; lastError: string | null }>('GET', 'integrations/aws');
        return body.state === 'failed' ? body : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(failed.lastError).toMatch(/credentials|role/i);
    expect(
      (await user('PUT', 'integrations/aws', { roleArn: 'arn:aws:iam::123456789012:role/x', externalId: 'ab' })).status,
    ).toBe(403);
  });
});

describe("the plan's asset limit", () => {
  it('refuses creating assets beyond the limit, across the account, with the limit and the count; updates pass', async () => {
    const sysadmin = (await tokenFor('sysadmin')).accessToken;
    const account = await call<{ id: string; plan: string; assetLimit: number }>('POST', 'accounts', {
      token: sysadmin,
      body: { name: `Plan ${run}`, slug: `plan-${run}`, plan: 'Tiny', assetLimit: 3 },
    });
    expect(account.body).toMatchObject({ plan: 'Tiny', assetLimit: 3 });
    const organizations = [];
    for (const name of ['One', 'Two'])
      organizations.push(
        (
          await call<{ id: string }>('POST', 'organizations', {
            token: sysadmin,
            body: { accountId: account.body.id, name: `Plan ${name} ${run}` },
          })
        ).body.id,
      );
    const [one, two] = organizations.map((organizationId) =>
      callAs({ token: sysadmin, organizationId, accountId: account.body.id }),
    );
    const put = (send: typeof one, ...names: string[]) =>
      send<{ code: string; message: string }>('PUT', 'assets', { assets: names.map((name) => asset(`plan-${name}`)) });

    // Inventory learns the limit from identity's organization event (a moment after the organization's creation).
    expect((await put(one, 'a', 'b')).status).toBe(200);
    const refused = await put(one, 'a', 'c', 'd');
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      403,
      'ASSET_LIMIT_REACHED',
      "The account's plan allows 3 assets; the account holds 2 and this request would add 2. Contact support to change the plan.",
    ]);
    // Nothing of the refused batch was written; an update of assets held is no creation.
    expect((await one<Page<AssetDto>>('GET', 'assets?pageSize=10')).body.total).toBe(2);
    expect((await put(one, 'a', 'b')).status).toBe(200);
    // Two requests at once for the last place: one wins.
    const racing = await Promise.all([put(one, 'e'), put(two, 'f')]);
    expect(racing.map((response) => response.status).sort()).toEqual([200, 403]);

    // An Admin cannot raise its own limit; a System Admin can, for every organization of the account.
    const demoAdmin = (await tokenFor('admin')).accessToken;
    const demoAccount = (await profileOf(demoAdmin)).accounts.find((candidate) => candidate.slug === 'demo')!;
    const raise = await call<{ code: string }>('PUT', `accounts/${demoAccount.id}`, {
      token: demoAdmin,
      body: { assetLimit: 5_000_000 },
    });
    expect([raise.status, raise.body.code]).toEqual([403, 'ACCOUNT_SYSTEM_ADMIN_ONLY']);
    const raised = await call('PUT', `accounts/${account.body.id}`, { token: sysadmin, body: { assetLimit: 4 } });
    expect(raised.status).toBe(200);
    await pollUntil('inventory has the new limit', async () =>
      (await put(two, 'g')).status === 200 ? true : undefined,
    );
    expect((await put(one, 'h')).status).toBe(403);
  });
});
