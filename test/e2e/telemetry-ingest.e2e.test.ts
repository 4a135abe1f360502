// Telemetry ingest through the real gateway: JSON and CSV, refused samples with index, field and reason, a re-sent
// asset-hour replaces, Admin only, another tenant's assets unknown, and the freshness event reaching tagging (the
// status of a tag on the asset turns Active).
import { randomUUID } from 'node:crypto';
import type {
  AssignTagsSummary,
  CreateTagsResponse,
  TagDto,
  TelemetryIngestResponse,
  UpsertAssetsResponse,
} from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { BASE_URL, callAs, OrganizationSession, organizationSession } from './support/api-client';

jest.setTimeout(120_000);

const run = randomUUID().slice(0, 8);
const HOUR_MS = 3_600_000;
/** The start of the UTC hour `hoursAgo` before the current one. */
const hourAgo = (hoursAgo: number) => new Date((Math.floor(Date.now() / HOUR_MS) - hoursAgo) * HOUR_MS).toISOString();

let adminSession: OrganizationSession;
let admin: ReturnType<typeof callAs>;
let user: ReturnType<typeof callAs>;
let acme: ReturnType<typeof callAs>;
let assetIds: string[];
const externalIds = ['a', 'b'].map((name) => `i-tel-${run}-${name}`);

const ingest = (send: ReturnType<typeof callAs>, samples: unknown[]) =>
  send<TelemetryIngestResponse>('POST', 'telemetry', { samples });

function postCsv(csv: string) {
  return fetch(`${BASE_URL}/api/v1/telemetry`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${adminSession.token}`,
      organizationId: adminSession.organizationId,
      'content-type': 'text/csv',
    },
    body: csv,
  });
}

beforeAll(async () => {
  adminSession = await organizationSession('admin');
  admin = callAs(adminSession);
  user = callAs(await organizationSession('user'));
  acme = callAs(await organizationSession('acme', 'acme'));
  const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
    assets: externalIds.map((externalId) => ({ externalId, name: externalId, instance_type: 'm5.large' })),
  });
  expect(upserted.status).toBe(200);
  assetIds = upserted.body.results.map((result) => result.id);
  // The assets reach analytics through inventory's events.
  await pollUntil('analytics knows the assets', async () => {
    const response = await ingest(
      admin,
      assetIds.map((assetId) => ({ assetId, hour: hourAgo(48), cpuUtil: 1 })),
    );
    return response.body.accepted === assetIds.length;
  });
});

describe('POST telemetry', () => {
  it('accepts valid JSON samples and returns the refused ones with index, field and reason', async () => {
    const response = await ingest(admin, [
      { assetId: assetIds[0], hour: hourAgo(3), cpuUtil: 55, memUtil: 40, networkInBytes: 1024, cost: 0.2 },
      { assetId: assetIds[0], hour: hourAgo(3), cpuUtil: 101 },
      { externalId: externalIds[1], hour: hourAgo(3), cpuUtil: 12 },
      { externalId: `i-nobody-${run}`, hour: hourAgo(3), cpuUtil: 12 },
      { assetId: assetIds[1], hour: hourAgo(-1), cpuUtil: 12 },
      { assetId: assetIds[1], hour: hourAgo(3).replace(':00:00', ':15:00'), cpuUtil: 12 },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      accepted: 2,
      rejected: [
        { index: 1, field: 'cpuUtil', reason: 'must be between 0 and 100' },
        { index: 3, field: 'externalId', reason: 'unknown asset' },
        { index: 4, field: 'hour', reason: 'is in the future' },
        { index: 5, field: 'hour', reason: 'must be the start of a UTC hour' },
      ],
    });
  });

  it('accepts CSV with the same names as header, issues naming index and line', async () => {
    const csv = [
      'externalId,hour,cpuUtil,cost',
      `${externalIds[0]},${hourAgo(4)},33.5,0.5`,
      `${externalIds[1]},${hourAgo(4)},-1,`,
    ].join('\n');
    const response = await postCsv(csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      accepted: 1,
      rejected: [{ index: 1, line: 3, field: 'cpuUtil', reason: 'must be between 0 and 100' }],
    });
    expect((await postCsv('asset,hour\nx,y\n')).status).toBe(400);
  });

  it('replaces a re-sent asset-hour (the call counts it once, again)', async () => {
    const hour = hourAgo(6);
    const first = await ingest(admin, [{ assetId: assetIds[0], hour, cpuUtil: 10 }]);
    const again = await ingest(admin, [{ assetId: assetIds[0], hour, cpuUtil: 20 }]);
    expect([first.body, again.body]).toEqual([
      { accepted: 1, rejected: [] },
      { accepted: 1, rejected: [] },
    ]);
  });

  it('refuses a malformed body and more than 50,000 samples (400)', async () => {
    expect((await admin('POST', 'telemetry', { rows: [] })).status).toBe(400);
    const many = Array.from({ length: 50_001 }, () => ({ assetId: assetIds[0], hour: hourAgo(1), cpuUtil: 1 }));
    expect((await ingest(admin, many)).status).toBe(400);
  });

  it('is for Admins: a User gets 403', async () => {
    expect((await ingest(user, [{ assetId: assetIds[0], hour: hourAgo(1), cpuUtil: 1 }])).status).toBe(403);
  });

  it("answers another tenant's asset ids as unknown assets", async () => {
    const response = await ingest(acme, [
      { assetId: assetIds[0], hour: hourAgo(1), cpuUtil: 1 },
      { externalId: externalIds[0], hour: hourAgo(1), cpuUtil: 1 },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      accepted: 0,
      rejected: [
        { index: 0, field: 'assetId', reason: 'unknown asset' },
        { index: 1, field: 'externalId', reason: 'unknown asset' },
      ],
    });
  });

  it('turns the status of a tag on the asset Active once the freshness event reaches tagging', async () => {
    // A fresh asset and tag: nothing reported yet, so the tag is Pending until the sample arrives.
    const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
      assets: [{ externalId: `i-tel-${run}-fresh`, name: `tel-${run}-fresh` }],
    });
    const [assetId] = upserted.body.results.map((result) => result.id);
    const created = await admin<CreateTagsResponse>('POST', 'tags/batch', {
      tags: [{ key: `tel-${run}`, value: 'fresh' }],
    });
    const [tag] = created.body.tags;
    await pollUntil('tagging knows the asset', async () => {
      const assigned = await admin<AssignTagsSummary>('POST', 'tags/batchAssignTags', {
        tagIds: [tag.id],
        assetIds: [assetId],
      });
      return assigned.status === 200;
    });
    const statusOf = async () => (await admin<TagDto[]>('GET', `tags?tagIds=${tag.id}`)).body[0]?.status;
    expect(await statusOf()).toBe('Pending');
    await pollUntil('analytics knows the asset', async () => {
      const response = await ingest(admin, [{ assetId, hour: hourAgo(0), cpuUtil: 5 }]);
      return response.body.accepted === 1;
    });
    // Nothing else turns it Active: the status follows the freshness event that the accepted sample published. How
    // fast that is depends on the machine, so the wait is generous and the assertion is on the status itself.
    await pollUntil('the tag turns Active', async () => (await statusOf()) === 'Active', { timeoutMs: 60_000 });
    expect(await statusOf()).toBe('Active');
  });
});

describe('read your own writes across services', () => {
  it('an asset created a moment ago takes telemetry, tags and a business event at once (the read models are waited for)', async () => {
    // No poll between the steps: each service's copy of the new assets is a few hundred milliseconds behind.
    const fresh = ['c', 'd'].map((name) => `i-tel-${run}-${name}`);
    const upserted = await admin<UpsertAssetsResponse>('PUT', 'assets', {
      assets: fresh.map((externalId) => ({ externalId, name: externalId, instance_type: 'm5.large' })),
    });
    expect(upserted.status).toBe(200);
    const ids = upserted.body.results.map((result) => result.id);
    const sent = await ingest(
      admin,
      fresh.map((externalId) => ({ externalId, hour: hourAgo(3), cpuUtil: 30 })),
    );
    expect(sent.body).toEqual({ accepted: 2, rejected: [] });

    const tag = await admin<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: `fresh-${run}`, value: 'v' }] });
    const assigned = await admin<AssignTagsSummary>('POST', 'tags/batchAssignTags', {
      tagIds: [tag.body.tags[0].id],
      assetIds: ids,
    });
    expect([assigned.status, assigned.body.assets]).toEqual([200, 2]);

    const event = await admin<{ assetCount: number }>('POST', 'business-events', {
      name: `fresh-${run}`,
      startDate: hourAgo(5),
      endDate: hourAgo(1),
      assignment: { collectionIds: [], tagIds: [], assetIds: ids },
    });
    expect([event.status, event.body.assetCount]).toEqual([201, 2]);

    // A name no asset has is still refused, after the bounded wait.
    const unknown = await ingest(admin, [{ externalId: `i-never-${run}`, hour: hourAgo(3), cpuUtil: 1 }]);
    expect(unknown.body).toEqual({
      accepted: 0,
      rejected: [{ index: 0, field: 'externalId', reason: 'unknown asset' }],
    });
  });
});
