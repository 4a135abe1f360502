// Attacks on API keys, replayed against the running product (BASE_URL, E2E_PORT_OFFSET, REDIS_URL).
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ACCESS_TOKEN, type CreatedApiKeyDto } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { call, profileOf, tokenFor, type Profile } from '../e2e/support/api-client';
import { clearApiKeyThrottle } from '../e2e/support/throttles';

jest.setTimeout(90_000);

const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const IDENTITY = `http://127.0.0.1:${3001 + PORT_OFFSET}`;
const IDENTITY_DB = `${process.env.E2E_DATABASE_PREFIX ?? 'infra_test_'}identity`;
const wrongKey = (tag: string) => `iak_${tag.padEnd(43, 'x')}`;

let admin: string;
let demo: Profile['accounts'][number];
let east: string;
let west: string;
const created: string[] = [];

async function createKey(role: 'User' | 'Admin'): Promise<CreatedApiKeyDto> {
  const response = await call<CreatedApiKeyDto>('POST', `accounts/${demo.id}/api-keys`, {
    token: admin,
    body: { name: `security ${randomUUID().slice(0, 8)}`, organizationId: east, role },
  });
  if (response.status !== 201) throw new Error(`creating a key failed: ${response.status} ${response.text}`);
  created.push(response.body.id);
  return response.body;
}

beforeAll(async () => {
  await clearApiKeyThrottle();
  admin = (await tokenFor('admin')).accessToken;
  demo = (await profileOf(admin)).accounts.find((account) => account.slug === 'demo')!;
  east = demo.organization.find((organization) => organization.name === 'Demo East')!.id;
  west = demo.organization.find((organization) => organization.name === 'Demo West')!.id;
});

afterEach(clearApiKeyThrottle);

afterAll(async () => {
  for (const id of created) await call('DELETE', `accounts/${demo.id}/api-keys/${id}`, { token: admin });
});

describe('a key borrowing a browser session', () => {
  it("is judged alone when it comes with an Admin's session cookie (no Admin write, no other organization)", async () => {
    const key = await createKey('User');
    const headers = { cookie: `${ACCESS_TOKEN.cookie}=${admin}`, origin: new URL(process.env.BASE_URL!).origin };
    const write = await call('PUT', 'assets', { token: key.secret, headers, body: { assets: [] } });
    expect(write.status).toBe(403);
    const other = await call('GET', 'assets', { token: key.secret, organizationId: west, headers });
    expect(other.status).toBe(403);
    const profile = await call('GET', 'users/profile', { token: key.secret, headers });
    expect(profile.status).toBe(403);
    // Control: the cookie alone is the Admin.
    expect((await call('GET', 'users/profile', { headers })).status).toBe(200);
  });

  it('still meets the write guard with a cookie from a foreign origin (403)', async () => {
    const key = await createKey('Admin');
    const response = await call('PUT', 'assets', {
      token: key.secret,
      headers: { cookie: `${ACCESS_TOKEN.cookie}=${admin}`, origin: 'https://evil.example' },
      body: { assets: [] },
    });
    expect(response.status).toBe(403);
    // Scripts send no cookie and no Origin: the write reaches the service.
    const script = await call('PUT', 'assets', { token: key.secret, body: { assets: [] } });
    expect([401, 403, 415]).not.toContain(script.status);
  });
});

describe('key verification outside the gateway', () => {
  it('refuses a direct call to the internal verification endpoint without a gateway-signed context (401)', async () => {
    const response = await fetch(`${IDENTITY}/internal/api-keys/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hash: 'a'.repeat(64), clientIp: '127.0.0.1' }),
    });
    expect(response.status).toBe(401);
  });

  it('does not route /api/v1/internal/... through the gateway (404)', async () => {
    expect((await call('POST', 'internal/api-keys/verify', { token: admin, body: {} })).status).toBe(404);
  });
});

describe('existence oracle', () => {
  it('answers unknown, malformed and revoked keys alike', async () => {
    const key = await createKey('User');
    // Used once, so the gateway holds its answer when it is revoked.
    expect((await call('GET', 'assets', { token: key.secret })).status).toBe(200);
    await call('DELETE', `accounts/${demo.id}/api-keys/${key.id}`, { token: admin });
    const answer = (secret: string) => call<{ code: string; message: string }>('GET', 'assets', { token: secret });
    // The gateway may hold the revoked key's answer for up to 15 s: wait for its refusal.
    await pollUntil(
      'the revoked key is refused',
      async () => ((await answer(key.secret)).status === 401 ? true : undefined),
      {
        timeoutMs: 20_000,
        intervalMs: 500,
      },
    );
    const shapes: unknown[][] = [];
    for (const secret of [wrongKey('unknown'), 'iak_short', key.secret]) {
      const response = await answer(secret);
      shapes.push([response.status, response.body.code, response.body.message]);
    }
    expect(new Set(shapes.map((shape) => JSON.stringify(shape))).size).toBe(1);
    expect(shapes[0]).toEqual([401, 'API_KEY_INVALID', expect.any(String)]);
  });
});

describe('guessing keys', () => {
  it('counts guesses per client whatever X-Forwarded-For it sends, before looking them up', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('GET', 'assets', {
          token: wrongKey(`guess${i}`),
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});

describe('secrets at rest', () => {
  it('stores neither the secret nor anything that starts like it beyond the shown prefix', async () => {
    const key = await createKey('User');
    const client = new Client({
      host: process.env.DATABASE_HOST ?? '127.0.0.1',
      port: Number(process.env.DATABASE_PORT ?? 5432),
      user: process.env.DATABASE_USER ?? 'postgres',
      password: process.env.DATABASE_PASSWORD ?? '',
      database: IDENTITY_DB,
    });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT * FROM api_keys WHERE id = $1`, [key.id]);
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.toContain(key.secret);
      expect(stored).not.toContain(key.secret.slice(12, 24));
    } finally {
      await client.end();
    }
  });
});
