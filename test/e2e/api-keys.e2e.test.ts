// API keys for automation through the real gateway: an Admin creates a key in Admin → Account → Security, a script
// sends it as `Authorization: Bearer` without any cookie, and revoking it stops it within the gateway's cache TTL.
import { API_KEY_PATTERN, type ApiKeyDto, type CreatedApiKeyDto } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { call, profileOf, tokenFor, type Profile } from './support/api-client';
import { clearApiKeyThrottle } from './support/throttles';

jest.setTimeout(90_000);

/** Forgets the per-client counters of failed keys (every test of this run shares one client address). */
const wrongKey = (i: number) => `iak_${`wrong${i}`.padEnd(43, 'x')}`;

describe('API keys', () => {
  let admin: string;
  let user: string;
  let acme: string;
  let demo: Profile['accounts'][number];
  let east: string;
  let west: string;
  const created: string[] = [];

  const keysPath = () => `accounts/${demo.id}/api-keys`;
  const createKey = async (body: object): Promise<CreatedApiKeyDto> => {
    const response = await call<CreatedApiKeyDto>('POST', keysPath(), { token: admin, body });
    expect([response.status, response.text]).toEqual([201, expect.any(String)]);
    created.push(response.body.id);
    return response.body;
  };
  const withKey = (method: string, path: string, secret: string, organizationId?: string) =>
    call(method, path, { token: secret, organizationId, body: method === 'PUT' ? { assets: [] } : undefined });

  beforeAll(async () => {
    await clearApiKeyThrottle();
    [admin, user, acme] = await Promise.all(
      (['admin', 'user', 'acme'] as const).map(async (who) => (await tokenFor(who)).accessToken),
    );
    demo = (await profileOf(admin)).accounts.find((account) => account.slug === 'demo')!;
    east = demo.organization.find((organization) => organization.name === 'Demo East')!.id;
    west = demo.organization.find((organization) => organization.name === 'Demo West')!.id;
  });

  afterAll(async () => {
    for (const id of created) await call('DELETE', `${keysPath()}/${id}`, { token: admin });
    await clearApiKeyThrottle();
  });

  it('an Admin creates a key whose secret is shown once; the list shows only its prefix', async () => {
    const key = await createKey({ name: 'e2e reader', organizationId: east, role: 'User' });
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key).toMatchObject({ organizationId: east, organizationName: 'Demo East', role: 'User', revokedAt: null });
    const listed = await call<ApiKeyDto[]>('GET', keysPath(), { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.find((entry) => entry.id === key.id)).toMatchObject({ prefix: key.secret.slice(0, 12) });
    expect(listed.text).not.toContain(key.secret);
  });

  it('acts in its own organization only, with its role, as its creator, and only on organization routes', async () => {
    const key = await createKey({ name: 'e2e scoped', organizationId: east, role: 'User' });
    // No cookie, no organizationId header: the key's organization.
    expect((await withKey('GET', 'assets', key.secret)).status).toBe(200);
    expect((await withKey('GET', 'assets', key.secret, east)).status).toBe(200);
    const whoami = await withKey('GET', 'stubs/users/service', key.secret);
    expect(whoami.body).toEqual({ tier: 'user', userId: (await profileOf(admin)).id, role: 'User' });
    const other = await withKey('GET', 'assets', key.secret, west);
    expect([other.status, (other.body as { code: string }).code]).toEqual([403, 'API_KEY_WRONG_ORGANIZATION']);
    expect((await withKey('PUT', 'assets', key.secret)).status).toBe(403);
    const profile = await withKey('GET', 'users/profile', key.secret);
    expect([profile.status, (profile.body as { code: string }).code]).toEqual([403, 'API_KEY_ROUTE_NOT_ALLOWED']);
    // A key cannot manage keys either.
    expect((await withKey('GET', keysPath(), key.secret)).status).toBe(403);
    // The use is recorded on the key.
    const used = await pollUntil('the key shows its last use', async () => {
      const listed = await call<ApiKeyDto[]>('GET', keysPath(), { token: admin });
      return listed.body.find((entry) => entry.id === key.id)?.lastUsedAt ?? undefined;
    });
    expect(Date.parse(used)).toBeGreaterThan(Date.parse(key.createdAt) - 1000);
  });

  it('an Admin key may write: PUT assets passes the role check', async () => {
    const key = await createKey({ name: 'e2e writer', organizationId: east, role: 'Admin' });
    const response = await withKey('PUT', 'assets', key.secret);
    expect(response.status).not.toBe(403);
    expect(response.status).not.toBe(401);
  });

  it('a revoked key is refused (401) on the very next request: the gateway is told, it does not wait for its cache', async () => {
    const key = await createKey({ name: 'e2e revoked', organizationId: east, role: 'User' });
    // The gateway now holds the key's answer.
    expect((await withKey('GET', 'assets', key.secret)).status).toBe(200);
    expect((await call('DELETE', `${keysPath()}/${key.id}`, { token: admin })).status).toBe(204);
    expect((await withKey('GET', 'assets', key.secret)).status).toBe(401);
    // Revoking again answers the same.
    expect((await call('DELETE', `${keysPath()}/${key.id}`, { token: admin })).status).toBe(204);
    const listed = await call<ApiKeyDto[]>('GET', keysPath(), { token: admin });
    expect(listed.body.find((entry) => entry.id === key.id)?.revokedAt).toEqual(expect.any(String));
  });

  it('a User of the account is refused the key routes (403)', async () => {
    expect((await call('GET', keysPath(), { token: user })).status).toBe(403);
    const create = await call('POST', keysPath(), {
      token: user,
      body: { name: 'mine', organizationId: east, role: 'Admin' },
    });
    expect(create.status).toBe(403);
  });

  it("another account's Admin can neither list nor revoke our keys (404), nor create one in our account", async () => {
    const key = await createKey({ name: 'e2e foreign', organizationId: east, role: 'User' });
    expect((await call('GET', keysPath(), { token: acme })).status).toBe(404);
    expect((await call('DELETE', `${keysPath()}/${key.id}`, { token: acme })).status).toBe(404);
    const acmeAccount = (await profileOf(acme)).accounts.find((account) => account.slug === 'acme')!;
    expect((await call('DELETE', `accounts/${acmeAccount.id}/api-keys/${key.id}`, { token: acme })).status).toBe(404);
    const foreign = await call('POST', `accounts/${acmeAccount.id}/api-keys`, {
      token: acme,
      body: { name: 'into demo', organizationId: east, role: 'Admin' },
    });
    expect(foreign.status).toBe(404);
    expect((await withKey('GET', 'assets', key.secret)).status).toBe(200);
  });

  it('refuses a wrong key (401), then every key from a client that sent too many wrong ones (429)', async () => {
    await clearApiKeyThrottle();
    const valid = await createKey({ name: 'e2e throttled', organizationId: east, role: 'User' });
    const wrong = await withKey('GET', 'assets', wrongKey(0));
    expect([wrong.status, (wrong.body as { code: string }).code]).toEqual([401, 'API_KEY_INVALID']);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => withKey('GET', 'assets', wrongKey(i + 1)).then((r) => r.status)),
    );
    // 20 per client per 15 minutes are looked up (one was used above); the rest are refused unchecked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(19);
    expect(statuses.filter((status) => status === 429)).toHaveLength(11);
    // A key the gateway has not checked yet is refused too: the client is over its limit.
    const blocked = await withKey('GET', 'assets', valid.secret);
    expect([blocked.status, (blocked.body as { code: string }).code]).toEqual([429, 'API_KEY_THROTTLED']);
    await clearApiKeyThrottle();
    expect((await withKey('GET', 'assets', valid.secret)).status).toBe(200);
  });
});
