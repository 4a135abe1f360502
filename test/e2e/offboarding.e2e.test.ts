// Offboarding through the real product: a System Admin deletes an organization (typing its name), the deletion event
// reaches every service, and no table of any database holds a row of that organization afterwards. Deleting an
// account does the same for each of its organizations.
import { randomUUID } from 'node:crypto';
import type { CreateTagsResponse, FileAddressDto, UpsertAssetsResponse } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { BASE_URL, call, callAs, tokenFor } from './support/api-client';
import { serviceDatabaseClient } from './support/service-databases';

jest.setTimeout(180_000);

const run = randomUUID().slice(0, 8);
const SERVICES = ['identity', 'inventory', 'tagging', 'analytics', 'events'];
const HOUR_MS = 3_600_000;
const hourAgo = (hours: number) => new Date((Math.floor(Date.now() / HOUR_MS) - hours) * HOUR_MS).toISOString();

/** Rows of the organization left in each table (every table with an organization_id column, every database). */
async function rowsLeft(organizationId: string): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const service of SERVICES) {
    const db = serviceDatabaseClient(service);
    await db.connect();
    try {
      const { rows: tables } = await db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND a.attname = 'organization_id' AND NOT a.attisdropped
            AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
      );
      for (const { name } of tables) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${name}" WHERE organization_id = $1`,
          [organizationId],
        );
        if (rows[0].n > 0) left[`${service}.${name}`] = rows[0].n;
      }
      // Identity keeps the organization itself by id.
      if (service === 'identity') {
        const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations WHERE id = $1`, [
          organizationId,
        ]);
        if (rows[0].n > 0) left['identity.organizations'] = rows[0].n;
      }
    } finally {
      await db.end();
    }
  }
  return left;
}

/** An organization with data in every service: assets, telemetry, tags (and an import file), a collection, a view,
 * a business event and an API key. */
async function populatedOrganization(sysadmin: string, accountId: string, name: string): Promise<string> {
  const organization = await call<{ id: string }>('POST', 'organizations', {
    token: sysadmin,
    body: { accountId, name },
  });
  expect(organization.status).toBe(201);
  const organizationId = organization.body.id;
  const send = callAs({ token: sysadmin, organizationId, accountId });
  const upserted = await send<UpsertAssetsResponse>('PUT', 'assets', {
    assets: ['a', 'b'].map((n) => ({ externalId: `i-off-${run}-${n}`, name: `off-${n}`, instance_type: 'm5.large' })),
  });
  expect(upserted.status).toBe(200);
  const assetIds = upserted.body.results.map((result) => result.id);
  const telemetry = await send<{ accepted: number }>('POST', 'telemetry', {
    samples: assetIds.map((assetId) => ({ assetId, hour: hourAgo(2), cpuUtil: 40, cost: 1 })),
  });
  expect(telemetry.body.accepted).toBe(2);
  const tags = await send<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: 'off', value: run }] });
  const tagId = tags.body.tags[0].id;
  expect((await send('POST', 'tags/batchAssignTags', { tagIds: [tagId], assetIds })).status).toBe(200);
  const upload = await send<FileAddressDto>('GET', `s3/tag-upload/off-${run}.csv`);
  const put = await fetch(new URL(upload.body.url, BASE_URL), {
    method: 'PUT',
    headers: upload.body.headers,
    body: `key,value,description,assets\noff,${run},,i-off-${run}-a\n`,
  });
  expect(put.status).toBe(200);
  const collection = await send<{ id: string }>('POST', 'collections', { name: `off-${run}`, assetIds });
  expect((await send('PATCH', 'views', { name: `off-${run}`, tagIds: [tagId] })).status).toBe(200);
  const event = await send('POST', 'business-events', {
    name: `off-${run}`,
    startDate: hourAgo(6),
    endDate: hourAgo(1),
    assignment: { collectionIds: [collection.body.id], tagIds: [tagId], assetIds: [] },
  });
  expect(event.status).toBe(201);
  const key = await call('POST', `accounts/${accountId}/api-keys`, {
    token: sysadmin,
    body: { name: `off-${run}`, organizationId, role: 'User' },
  });
  expect(key.status).toBe(201);
  // Every service holds rows of the organization before it goes.
  await pollUntil('every database holds the organization', async () => {
    const before = Object.keys(await rowsLeft(organizationId)).map((table) => table.split('.')[0]);
    return SERVICES.every((service) => before.includes(service)) ? true : undefined;
  });
  return organizationId;
}

describe('offboarding', () => {
  let sysadmin: string;
  let accountId: string;
  const accountName = `Offboarding ${run}`;

  beforeAll(async () => {
    sysadmin = (await tokenFor('sysadmin')).accessToken;
    const account = await call<{ id: string }>('POST', 'accounts', {
      token: sysadmin,
      body: { name: accountName, slug: `off-${run}` },
    });
    accountId = account.body.id;
  });

  it('deletes an organization and every row of it in every service, once its name is typed', async () => {
    const name = `Leaving ${run}`;
    const organizationId = await populatedOrganization(sysadmin, accountId, name);
    for (const typed of [undefined, 'leaving', `${name} `]) {
      const query = typed === undefined ? '' : `?name=${encodeURIComponent(typed)}`;
      const refused = await call<{ code: string }>('DELETE', `organizations/${organizationId}${query}`, {
        token: sysadmin,
      });
      expect([refused.status, refused.body.code]).toEqual([400, 'ORGANIZATION_NAME_NOT_CONFIRMED']);
    }
    const admin = (await tokenFor('admin')).accessToken;
    expect(
      (await call('DELETE', `organizations/${organizationId}?name=${encodeURIComponent(name)}`, { token: admin }))
        .status,
    ).toBe(403);
    const deleted = await call('DELETE', `organizations/${organizationId}?name=${encodeURIComponent(name)}`, {
      token: sysadmin,
    });
    expect(deleted.status).toBe(204);
    const left = await pollUntil(
      'no row of the organization left',
      async () => {
        const rows = await rowsLeft(organizationId);
        return Object.keys(rows).length === 0 ? rows : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(left).toEqual({});
    // The gateway knows the organization no more.
    expect((await call('GET', 'assets', { token: sysadmin, organizationId })).status).toBe(403);
  });

  it('deletes an account with its organizations, once its name is typed', async () => {
    const organizationId = await populatedOrganization(sysadmin, accountId, `Last ${run}`);
    const refused = await call<{ code: string }>('DELETE', `accounts/${accountId}`, { token: sysadmin });
    expect([refused.status, refused.body.code]).toEqual([400, 'ACCOUNT_NAME_NOT_CONFIRMED']);
    const deleted = await call('DELETE', `accounts/${accountId}?name=${encodeURIComponent(accountName)}`, {
      token: sysadmin,
    });
    expect(deleted.status).toBe(204);
    expect(
      await pollUntil(
        'no row of its organization left',
        async () => {
          const rows = await rowsLeft(organizationId);
          return Object.keys(rows).length === 0 ? rows : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 500 },
      ),
    ).toEqual({});
  });
});
