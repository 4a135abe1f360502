// The tenant-isolation matrix, through the real gateway: for each role and each organization-scoped route,
// own-tenant access follows the permission matrix and cross-tenant access is refused (403/404) with no data
// of the other tenant in any response body.
import { call, DemoUser, profileOf, tokenFor } from './support/api-client';

jest.setTimeout(120_000);

interface Route {
  method: string;
  path: string;
  service: string;
  access: 'public' | 'user' | 'organization';
  minRole?: 'User' | 'Admin' | 'System Admin';
}

const RANK = { User: 1, Admin: 2, 'System Admin': 3 } as const;
const SAMPLE_ID = '00000000-0000-4000-8000-000000000042';
const concrete = (path: string) => path.replace('/api/v1/', '').replace(/:[A-Za-z]+/g, SAMPLE_ID);

describe('tenant isolation matrix', () => {
  const tokens = {} as Record<DemoUser, string>;
  let routes: Route[];
  let demo: { id: string; slug: string; organizations: string[] };
  let acme: { id: string; organizations: string[] };
  let demoSecrets: string[];

  beforeAll(async () => {
    for (const user of ['admin', 'user', 'sysadmin', 'acme', 'mfa'] as DemoUser[])
      tokens[user] = (await tokenFor(user)).accessToken;
    routes = (await call<{ routes: Route[] }>('GET', '/api/v1')).body.routes;
    const adminProfile = await profileOf(tokens.admin);
    const demoAccount = adminProfile.accounts.find((account) => account.slug === 'demo')!;
    demo = { id: demoAccount.id, slug: demoAccount.slug, organizations: demoAccount.organization.map((o) => o.id) };
    const acmeAccount = (await profileOf(tokens.acme)).accounts.find((account) => account.slug === 'acme')!;
    acme = { id: acmeAccount.id, organizations: acmeAccount.organization.map((o) => o.id) };
    // Things an Acme user must never see in any answer.
    demoSecrets = [demo.id, ...demo.organizations, adminProfile.id, 'admin@demo.local', 'Demo East', 'Demo West'];
  });

  const orgRoutes = () => routes.filter((route) => route.access === 'organization');

  it('knows the organization-scoped routes', () => {
    expect(orgRoutes().length).toBeGreaterThan(40);
  });

  it.each([
    ['user', 'User'],
    ['admin', 'Admin'],
    ['sysadmin', 'System Admin'],
  ] as const)('own tenant: a %s is admitted to every organization route its role allows', async (user, role) => {
    for (const route of orgRoutes()) {
      const response = await call(route.method, concrete(route.path), {
        token: tokens[user],
        organizationId: demo.organizations[0],
        body: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
      });
      const allowed = !route.minRole || RANK[role] >= RANK[route.minRole];
      const label = `${user} ${route.method} ${route.path} -> ${response.status}`;
      if (allowed) expect([label, [401, 403].includes(response.status)]).toEqual([label, false]);
      else expect([label, response.status]).toEqual([label, 403]);
    }
  });

  it('cross tenant: an Acme user naming a Demo organization is refused on every organization route, and sees nothing', async () => {
    for (const route of orgRoutes()) {
      for (const organizationId of demo.organizations) {
        const response = await call(route.method, concrete(route.path), {
          token: tokens.acme,
          organizationId,
          body: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
        });
        const label = `${route.method} ${route.path} -> ${response.status}`;
        expect([label, response.status]).toEqual([label, 403]);
        for (const secret of demoSecrets) expect(response.text).not.toContain(secret);
      }
    }
  });

  it('refuses a made-up or malformed organization id (403) and a missing header (400)', async () => {
    expect((await call('GET', 'stubs/users/service', { token: tokens.admin, organizationId: SAMPLE_ID })).status).toBe(
      403,
    );
    expect(
      (await call('GET', 'stubs/users/service', { token: tokens.admin, organizationId: 'not-a-uuid' })).status,
    ).toBe(403);
    expect((await call('GET', 'stubs/users/service', { token: tokens.admin })).status).toBe(400);
  });

  it('the stubs answer only their tier and above', async () => {
    const org = demo.organizations[0];
    const status = async (user: DemoUser, path: string) =>
      (await call('GET', path, { token: tokens[user], organizationId: org })).status;
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
    expect(
      (await call('GET', 'stubs/admin/service', { token: tokens.mfa, organizationId: demo.organizations[0] })).status,
    ).toBe(200);
    expect(
      (await call('GET', 'stubs/admin/service', { token: tokens.mfa, organizationId: acme.organizations[0] })).status,
    ).toBe(403);
  });

  it('identity entities of another tenant answer 404 and leak nothing', async () => {
    const adminId = (await profileOf(tokens.admin)).id;
    const attempts = [
      call('GET', `accounts/${demo.slug}`, { token: tokens.acme }),
      call('PUT', `accounts/${demo.id}`, { token: tokens.acme, body: { name: 'Taken over' } }),
      call('GET', `accounts/${demo.id}/members`, { token: tokens.acme }),
      call('DELETE', `accounts/${demo.id}/members/${adminId}`, { token: tokens.acme }),
      call('PATCH', `users/${adminId}`, { token: tokens.acme, body: { accountId: demo.id, role: 'User' } }),
      call('POST', 'users', {
        token: tokens.acme,
        body: { accountId: demo.id, email: 'intruder@acme.local', role: 'Admin' },
      }),
      call('GET', `users/details/${adminId}`, { token: tokens.acme }),
      call('GET', `organizations?accountSlug=${demo.slug}`, { token: tokens.acme }),
      call('PUT', `organizations/${demo.organizations[0]}`, { token: tokens.acme, body: { name: 'Taken over' } }),
      call('POST', 'organizations', { token: tokens.acme, body: { accountId: demo.id, name: 'Intruders' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      for (const secret of demoSecrets) expect(response.text).not.toContain(secret);
    }
    const accounts = await call<{ slug: string }[]>('GET', 'accounts', { token: tokens.acme });
    expect(accounts.body.map((account) => account.slug)).toEqual(['acme']);
    const organizations = await call<{ id: string }[]>('GET', 'organizations', { token: tokens.acme });
    expect(organizations.body.map((organization) => organization.id)).toEqual(acme.organizations);
  });

  it('a User of the account can read it but not change it (403), and cannot manage members', async () => {
    expect((await call('GET', `accounts/${demo.slug}`, { token: tokens.user })).status).toBe(200);
    expect((await call('PUT', `accounts/${demo.id}`, { token: tokens.user, body: { name: 'Mine now' } })).status).toBe(
      403,
    );
    expect(
      (
        await call('POST', 'users', {
          token: tokens.user,
          body: { accountId: demo.id, email: 'friend@demo.local', role: 'Admin' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('POST', 'accounts', { token: tokens.admin, body: { name: 'New', slug: 'new-one' } })).status,
    ).toBe(403);
  });
});
