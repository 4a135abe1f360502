// Tenant isolation with real data, through the real gateway. Each service supplies fixtures
// (support/isolation-fixtures/<service>.ts): entities created as one tenant, and for every route the concrete
// request that addresses them. The other tenant then reads, changes, creates under and lists them (with the
// owner's organizationId header, and with its own header and the owner's ids) and must be refused with nothing of
// the owner in any answer; the owner then sends the same request and must succeed, so a fixture that names
// nothing real cannot make the check pass. A served route without a fixture fails the run; routes the gateway
// lists as `planned` (not served yet) must answer 501 NOT_IMPLEMENTED to everyone.
import { call, DemoUser, profileOf, tokenFor } from './support/api-client';
import { Entities, FIXTURES, RouteFixture, RouteKey, Tenant } from './support/isolation-fixtures';
import type { TableRoute } from './support/api-fuzz/openapi';

jest.setTimeout(180_000);

type Route = TableRoute;

const RANK = { User: 1, Admin: 2, 'System Admin': 3 } as const;
const SAMPLE_ID = '00000000-0000-4000-8000-000000000042';
const below = (path: string) => path.replace(/^\/api\/v1\//, '');
const keyOf = (route: Route) => `${route.method} ${below(route.path)}` as RouteKey;
const concrete = (path: string) => below(path).replace(/:[A-Za-z]+/g, SAMPLE_ID);
const isSuccess = (status: number) => status >= 200 && status < 300;

async function tenant(user: DemoUser, slug: string): Promise<Tenant> {
  const token = (await tokenFor(user)).accessToken;
  const profile = await profileOf(token);
  const account = profile.accounts.find((a) => a.slug === slug)!;
  return {
    label: user,
    token,
    userId: profile.id,
    accountId: account.id,
    accountSlug: account.slug,
    organizationId: account.organization[0].id,
  };
}

/**
 * The owner: a fresh account with one organization, run by the System Admin, so the entities the fixtures
 * create never show up in the demo accounts other tests look at.
 */
async function freshTenant(sysadmin: string): Promise<Tenant> {
  const run = Date.now().toString(36);
  const slug = `isolation-${run}`;
  const created = async <T>(response: Promise<{ status: number; body: unknown; text: string }>): Promise<T> => {
    const { status, body, text } = await response;
    if (!isSuccess(status)) throw new Error(`creating the isolation tenant failed: ${status} ${text}`);
    return body as T;
  };
  const account = await created<{ id: string }>(
    call('POST', 'accounts', { token: sysadmin, body: { name: `Isolation ${run}`, slug } }),
  );
  const organization = await created<{ id: string }>(
    call('POST', 'organizations', { token: sysadmin, body: { accountId: account.id, name: `Isolation HQ ${run}` } }),
  );
  return {
    label: 'isolation',
    token: sysadmin,
    userId: (await profileOf(sysadmin)).id,
    accountId: account.id,
    accountSlug: slug,
    organizationId: organization.id,
  };
}

describe('tenant isolation', () => {
  const tokens = {} as Record<DemoUser, string>;
  let routes: Route[];
  let demo: Tenant;
  let acme: Tenant;
  let owner: Tenant;

  beforeAll(async () => {
    for (const user of ['user', 'sysadmin', 'mfa'] as DemoUser[]) tokens[user] = (await tokenFor(user)).accessToken;
    demo = await tenant('admin', 'demo');
    acme = await tenant('acme', 'acme');
    tokens.admin = demo.token;
    tokens.acme = acme.token;
    routes = (await call<{ routes: Route[] }>('GET', '/api/v1')).body.routes;
    owner = await freshTenant(tokens.sysadmin);
  });

  const served = () => routes.filter((route) => !route.planned);
  const fixtureOf = (route: Route): RouteFixture | undefined => FIXTURES[route.service]?.routes[keyOf(route)];

  describe('fixtures', () => {
    it('every served route that needs a signed-in caller has an isolation fixture', () => {
      const missing = served()
        .filter((route) => route.access !== 'public' && !fixtureOf(route))
        .map(keyOf);
      expect(missing).toEqual([]);
    });

    it('every fixture names a served route (none is left behind when a route changes)', () => {
      const known = new Set(served().map((route) => `${route.service} ${keyOf(route)}`));
      const stale = Object.entries(FIXTURES).flatMap(([service, fixtures]) =>
        Object.keys(fixtures.routes)
          .map((key) => `${service} ${key}`)
          .filter((id) => !known.has(id)),
      );
      expect(stale).toEqual([]);
    });
  });

  // The Admins of two other accounts approach the owner's entities.
  describe.each(['acme', 'demo'] as const)('entities of another tenant, approached by the %s Admin', (intruderName) => {
    const entities: Record<string, Entities> = {};
    let intruder: Tenant;

    beforeAll(async () => {
      intruder = intruderName === 'demo' ? demo : acme;
      for (const [service, fixtures] of Object.entries(FIXTURES)) entities[service] = await fixtures.setup(owner);
    });

    // Deletions last: they remove entities the other requests address.
    const ordered = () =>
      served()
        .filter((route) => route.access !== 'public' && fixtureOf(route))
        .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

    it('the other tenant is refused on every route and sees nothing of the owner; the owner is served', async () => {
      const failures: string[] = [];
      for (const route of ordered()) {
        const fixture = fixtureOf(route)!;
        const own = entities[route.service];
        const { path, body } = fixture.request(owner, own);
        const send = (token: string, organizationId?: string) =>
          call(route.method, path, {
            token,
            organizationId: route.access === 'organization' ? organizationId : undefined,
            body,
          });
        const probes: { what: string; status: number; text: string; allowed: (status: number) => boolean }[] = [];
        const refused = (status: number) => status === 403 || status === 404;
        if (route.access === 'organization') {
          // Swapped header: the intruder names the owner's organization.
          const swapped = await send(intruder.token, owner.organizationId);
          probes.push({ what: 'owner organizationId header', ...swapped, allowed: (s) => s === 403 });
        }
        // Swapped id: the intruder, in its own organization, names the owner's entity.
        const other = await send(intruder.token, intruder.organizationId);
        const allowed =
          fixture.kind === 'platform'
            ? (s: number) => s === 403
            : fixture.kind === 'entity' || fixture.kind === 'create'
              ? refused
              : (s: number) => s < 500 && s !== 401;
        if (fixture.kind !== 'scoped') probes.push({ what: 'owner ids', ...other, allowed });
        for (const probe of probes) {
          const label = `${keyOf(route)} (${fixture.kind}, ${probe.what}) -> ${probe.status}`;
          if (!probe.allowed(probe.status)) failures.push(`${label}: not refused`);
          const leaked = own.secrets.filter((secret) => probe.text.includes(secret));
          if (leaked.length > 0) failures.push(`${label}: shows ${leaked.join(', ')}`);
        }
        if (fixture.ownerSucceeds) {
          const control = await send(fixture.sender?.(owner, own) ?? owner.token, owner.organizationId);
          if (!isSuccess(control.status))
            failures.push(`${keyOf(route)}: the owner's own request -> ${control.status} (fixture addresses nothing?)`);
        }
      }
      expect(failures).toEqual([]);
    });
  });

  it('planned routes answer 501 NOT_IMPLEMENTED to everyone', async () => {
    const planned = routes.filter((route) => route.planned);
    const failures: string[] = [];
    for (const route of planned) {
      for (const user of ['user', 'admin', 'sysadmin', 'acme'] as DemoUser[]) {
        const organizationId = user === 'acme' ? acme.organizationId : demo.organizationId;
        const response = await call<{ code?: string }>(route.method, concrete(route.path), {
          token: tokens[user],
          organizationId,
          body: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
        });
        if (response.status !== 501 || response.body.code !== 'NOT_IMPLEMENTED')
          failures.push(`${user} ${keyOf(route)} -> ${response.status} ${response.body.code ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  });

  describe('roles', () => {
    const orgRoutes = () => served().filter((route) => route.access === 'organization');

    it('knows the organization-scoped routes, served or planned', () => {
      expect(routes.filter((route) => route.access === 'organization').length).toBeGreaterThan(40);
    });

    it.each([
      ['user', 'User'],
      ['admin', 'Admin'],
      ['sysadmin', 'System Admin'],
    ] as const)(
      'own tenant: a %s is admitted to every served organization route its role allows',
      async (user, role) => {
        for (const route of orgRoutes()) {
          const response = await call(route.method, concrete(route.path), {
            token: tokens[user],
            organizationId: demo.organizationId,
            body: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
          });
          const allowed = !route.minRole || RANK[role] >= RANK[route.minRole];
          const label = `${user} ${route.method} ${route.path} -> ${response.status}`;
          if (allowed) expect([label, [401, 403].includes(response.status)]).toEqual([label, false]);
          else expect([label, response.status]).toEqual([label, 403]);
        }
      },
    );

    it('refuses a made-up or malformed organization id (403) and a missing header (400)', async () => {
      const status = async (organizationId?: string) =>
        (await call('GET', 'stubs/users/service', { token: tokens.admin, organizationId })).status;
      expect(await status(SAMPLE_ID)).toBe(403);
      expect(await status('not-a-uuid')).toBe(403);
      expect(await status()).toBe(400);
    });

    it('the stubs answer only their tier and above', async () => {
      const status = async (user: DemoUser, path: string) =>
        (await call('GET', path, { token: tokens[user], organizationId: demo.organizationId })).status;
      expect(await status('user', 'stubs/users/service')).toBe(200);
      expect(await status('user', 'stubs/admin/service')).toBe(403);
      expect(await status('user', 'stubs/system/service')).toBe(403);
      expect(await status('admin', 'stubs/admin/service')).toBe(200);
      expect(await status('admin', 'stubs/system/service')).toBe(403);
      expect(await status('sysadmin', 'stubs/admin/service')).toBe(200);
      expect(await status('sysadmin', 'stubs/system/service')).toBe(200);
      expect(await status('acme', 'stubs/users/service')).toBe(403);
    });

    it('a member of both accounts works in each with its own role', async () => {
      const profile = await profileOf(tokens.mfa);
      expect(profile.accounts.map((account) => [account.slug, account.role]).sort()).toEqual([
        ['acme', 'User'],
        ['demo', 'Admin'],
      ]);
      const status = async (organizationId: string) =>
        (await call('GET', 'stubs/admin/service', { token: tokens.mfa, organizationId })).status;
      expect(await status(demo.organizationId)).toBe(200);
      expect(await status(acme.organizationId)).toBe(403);
    });

    it('a User of the account can read it but not change it (403), and cannot manage members', async () => {
      expect((await call('GET', `accounts/${demo.accountSlug}`, { token: tokens.user })).status).toBe(200);
      const rename = await call('PUT', `accounts/${demo.accountId}`, {
        token: tokens.user,
        body: { name: 'Mine now' },
      });
      expect(rename.status).toBe(403);
      const invite = await call('POST', 'users', {
        token: tokens.user,
        body: { accountId: demo.accountId, email: 'friend@demo.local', role: 'Admin' },
      });
      expect(invite.status).toBe(403);
    });
  });
});
