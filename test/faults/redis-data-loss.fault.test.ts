// Redis loses its data (restarted without persistence: here the product's database is flushed and every connection
// to it cut, which is what a restart does to the clients) while a tag import is queued and rollups wait in their
// debounce window. The workers reconnect by themselves, the queues' schedules come back (each worker checks every
// 30 s), and the sweeps queue again what PostgreSQL holds as unfinished: the import completes exactly once and the
// pending rollups drain, and a signed-out session's access token is refused again (identity puts back the revocation
// marks PostgreSQL remembers), within a bound, with no process restarted.
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type {
  ImportValidationDto,
  TagDto,
  TagImportDto,
  TelemetryIngestResponse,
  UpsertAssetsResponse,
} from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import {
  BASE_URL,
  call,
  callAs,
  cookiesFrom,
  DEMO_USERS,
  importEnded,
  organizationSession,
  uploadTagFile,
  type OrganizationSession,
} from '../e2e/support/api-client';
import { queryServiceDatabase } from '../e2e/support/service-databases';
import { pidOf } from './support/processes';

jest.setTimeout(300_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1';
const IMPORT_ROWS = Number(process.env.FAULT_IMPORT_ROWS ?? 500);
/** The schedules check (30 s), then the slowest sweep (analytics' rollups, every 60 s), then the work itself. */
const RECOVERY_BOUND_MS = 120_000;

/** Empties the product's Redis database and cuts every client connected to it, as a restart without data does. */
async function loseRedisData(): Promise<number> {
  const redis = new Redis(REDIS_URL);
  try {
    const db = Number(new URL(REDIS_URL).pathname.slice(1) || 0);
    await redis.flushdb();
    const clients = ((await redis.client('LIST')) as string)
      .split('\n')
      .map((line) => Object.fromEntries(line.split(' ').map((field) => field.split('=', 2) as [string, string])))
      .filter((fields) => fields.id && Number(fields.db) === db);
    const self = String(await redis.client('ID'));
    let cut = 0;
    for (const { id } of clients) if (id !== self) cut += Number(await redis.client('KILL', 'ID', id));
    return cut;
  } finally {
    redis.disconnect();
  }
}

describe('Redis loses its data while work is queued', () => {
  let admin: OrganizationSession;
  let as: ReturnType<typeof callAs>;
  const run = randomUUID().slice(0, 8);
  const known = [`rd-${run}-a`, `rd-${run}-b`];
  let assetIds: string[] = [];

  beforeAll(async () => {
    admin = await organizationSession('admin');
    as = callAs(admin);
    const upserted = await as<UpsertAssetsResponse>('PUT', 'assets', {
      assets: known.map((externalId) => ({ externalId, name: externalId, cpu_cores: 2, cpu_speed: 2.5 })),
    });
    expect(upserted.status).toBe(200);
    assetIds = upserted.body.results.map((result) => result.id);
    const probe = `rd-probe-${run}.csv`;
    expect(
      await uploadTagFile(admin, probe, `key,value,description,assets\nrd-probe-${run},v,,${known.join('|')}\n`),
    ).toBe(200);
    await pollUntil(
      'tagging and analytics know the assets',
      async () => {
        const validation = await as<ImportValidationDto>('GET', `tags/validate/import?fileName=${probe}`);
        const known = await queryServiceDatabase('analytics', `SELECT 1 FROM assets WHERE id = ANY($1::uuid[])`, [
          assetIds,
        ]);
        return validation.body.valid && known.length === assetIds.length;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
  });

  /** Signs the demo User in as the browser does and out again; answers the access token the gateway now refuses. */
  async function signedOutAccessToken(): Promise<string> {
    const { access_token: access, refresh_token: refresh } = cookiesFrom(
      await call('POST', '/api/login', { body: DEMO_USERS.user }),
    );
    const logout = await call('POST', '/api/logout', {
      headers: { cookie: `refresh_token=${refresh}`, origin: new URL(BASE_URL).origin },
    });
    expect(logout.status).toBe(204);
    await pollUntil('the signed-out token is refused', async () => (await profileStatus(access!)) === 401, {
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    return access!;
  }
  const profileStatus = async (access: string) =>
    (await call('GET', 'users/profile', { headers: { cookie: `access_token=${access}` } })).status;

  it('completes the import exactly once, drains the pending rollups, refuses signed-out sessions again, restarting nothing', async () => {
    const pids = ['identity', 'tagging', 'analytics', 'gateway'].map(pidOf);
    const signedOut = await signedOutAccessToken();
    const fileName = `rd-${run}.csv`;
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => `rd-${run}-${i},v,,${known[i % 2]}`);
    expect(await uploadTagFile(admin, fileName, `key,value,description,assets\n${rows.join('\n')}\n`)).toBe(200);
    const hour = new Date(Math.floor(Date.now() / 3_600_000 - 2) * 3_600_000).toISOString();
    const telemetry = await as<TelemetryIngestResponse>('POST', 'telemetry', {
      samples: assetIds.map((assetId) => ({ assetId, hour, cpuUtil: 40, cost: 1 })),
    });
    expect(telemetry.body.accepted).toBe(assetIds.length);
    const submitted = await as<TagImportDto>('POST', `tags/import?fileName=${fileName}`);
    expect([200, 202]).toContain(submitted.status);
    // At once: the import's job is queued or just taken, the rollups sit in their one-second debounce window.
    const cut = await loseRedisData();
    const lostAt = Date.now();
    const statusAtLoss = (
      await queryServiceDatabase<{ status: string }>('tagging', `SELECT status FROM tag_imports WHERE id = $1`, [
        submitted.body.id,
      ])
    )[0]!.status;

    const imported = await importEnded(admin, submitted.body.id, RECOVERY_BOUND_MS);
    const pendingOf = async () =>
      (
        await queryServiceDatabase<{ count: number }>(
          'analytics',
          `SELECT (SELECT count(*) FROM rollup_pending WHERE organization_id = $1)
                + (SELECT count(*) FROM org_hourly_pending WHERE organization_id = $1) AS count`,
          [admin.organizationId],
        )
      )[0]!.count;
    const drainedAt = await pollUntil(
      'the pending rollups drain',
      async () => Number(await pendingOf()) === 0 && Date.now(),
      {
        timeoutMs: RECOVERY_BOUND_MS,
        intervalMs: 500,
      },
    ).catch(() => undefined);
    // Refused again once the mark is back in Redis (the gateway's cache holds an answer for one second only).
    const refusedAgainAt = await pollUntil(
      'the signed-out session is refused again',
      async () => {
        const inspect = new Redis(REDIS_URL);
        const marked = (await inspect.keys('session:revoked:*').finally(() => inspect.disconnect())).length > 0;
        return marked && (await profileStatus(signedOut)) === 401 && Date.now();
      },
      { timeoutMs: RECOVERY_BOUND_MS, intervalMs: 500 },
    ).catch(() => undefined);
    const tags = (await as<TagDto[]>('GET', `tags?search=rd-${run}-`)).body.filter(
      (tag) => tag.key !== `rd-probe-${run}`,
    );
    const audits = await queryServiceDatabase<{ count: string }>(
      'tagging',
      `SELECT count(*) FROM tag_audit_log WHERE organization_id = $1 AND activity = 'tags.imported'
          AND detail_params->>'file' = $2`,
      [admin.organizationId, fileName],
    );
    // The assets are new: any day rolled up for them came from this telemetry.
    const rolledUp = await queryServiceDatabase(
      'analytics',
      `SELECT 1 FROM asset_daily WHERE asset_id = ANY($1::uuid[])`,
      [assetIds],
    );
    process.stdout.write(
      `redis data lost: ${cut} connections cut, import ${statusAtLoss} at the loss, ${imported.status} ` +
        `${imported.at - lostAt} ms after it (${imported.recordsImported} records, ${tags.length} tags, ` +
        `${audits[0]!.count} audit entries); pending rollups drained ` +
        `${drainedAt ? `${drainedAt - lostAt} ms after it` : 'NEVER'}; a signed-out session refused again ` +
        `${refusedAgainAt ? `${refusedAgainAt - lostAt} ms after it` : 'NEVER'}\n`,
    );

    expect(cut).toBeGreaterThan(0);
    expect(imported).toMatchObject({ status: 'completed', recordsImported: IMPORT_ROWS, assignments: IMPORT_ROWS });
    expect(tags).toHaveLength(IMPORT_ROWS);
    expect(Number(audits[0]!.count)).toBe(1);
    expect(drainedAt).toBeDefined();
    expect(rolledUp.length).toBeGreaterThan(0);
    expect(refusedAgainAt).toBeDefined();
    // Nothing was restarted: every process reconnected by itself.
    expect(['identity', 'tagging', 'analytics', 'gateway'].map(pidOf)).toEqual(pids);
    expect((await as('GET', 'assets?pageSize=1')).status).toBe(200);
  });
});
