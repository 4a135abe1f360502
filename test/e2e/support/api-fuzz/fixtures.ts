// The fuzzer's own tenant, so no request can harm the demo data later tests rely on: a fresh account and
// organization run by the demo System Admin, every service's isolation fixture set up in it (assets, collections,
// views, tags, rules, an import, business events, a member and pending invitations, an API key), an Admin and a User
// of its own, and an API key with the Admin role. The callers are those, the System Admin, and nobody (anonymous).
import { call, profileOf, tokenFor } from '../api-client';
import { FIXTURES, type Entities, type Request, type Tenant } from '../isolation-fixtures';
import { mailTo } from '../isolation-fixtures/mail';
import { ok, unique } from '../isolation-fixtures/fixture-helpers';

export type CallerRole = 'System Admin' | 'Admin' | 'User' | 'API key' | 'anonymous';

export interface Caller {
  role: CallerRole;
  /** Bearer token (an access token or an API key's secret). */
  token?: string;
  /** The organizationId header sent on organization routes (an API key's organization is its own). */
  organizationId?: string;
  userId?: string;
}

export interface FuzzWorld {
  tenant: Tenant;
  callers: Caller[];
  /** Every id the fixtures created, by name (`inventory.asset`, `identity.member`, …). */
  ids: Record<string, string>;
  /** The fixtures' known-good request per route key, a base the fuzzer mutates. */
  examples: Map<string, Request>;
}

async function freshTenant(sysadmin: string): Promise<Tenant> {
  const run = unique();
  const account = await ok<{ id: string }>(
    'creating the fuzz account',
    call('POST', 'accounts', { token: sysadmin, body: { name: `Fuzz ${run}`, slug: `fuzz-${run}` } }),
  );
  const organization = await ok<{ id: string }>(
    'creating the fuzz organization',
    call('POST', 'organizations', { token: sysadmin, body: { accountId: account.id, name: `Fuzz HQ ${run}` } }),
  );
  return {
    label: 'fuzz',
    token: sysadmin,
    userId: (await profileOf(sysadmin)).id,
    accountId: account.id,
    accountSlug: `fuzz-${run}`,
    organizationId: organization.id,
  };
}

/** Invites a new user with `role` to the tenant's account, sets their password from the mail, joins, signs in. */
async function member(tenant: Tenant, role: 'Admin' | 'User'): Promise<Caller> {
  const email = `fuzz-${role.toLowerCase()}-${unique()}@example.test`;
  const since = Date.now();
  await ok(
    `inviting the fuzz ${role}`,
    call('POST', 'users', {
      token: tenant.token,
      body: { accountId: tenant.accountId, email, firstName: 'Fuzz', lastName: role, role },
    }),
  );
  const resetToken = /token=([\w-]+)/.exec(await mailTo(email, since))![1];
  const password = `Fuzz-${unique()}-Pass`;
  await ok('setting the password', call('POST', 'users/reset-password', { body: { token: resetToken, password } }));
  const signIn = () => call<{ accessToken: string }>('POST', 'auth/token', { body: { email, password } });
  const token = (await ok<{ accessToken: string }>('signing in', signIn())).accessToken;
  const invitations = await ok<{ id: string; accountId: string }[]>(
    'listing invitations',
    call('GET', 'users/invitations', { token }),
  );
  const invitation = invitations.find((candidate) => candidate.accountId === tenant.accountId)!;
  await ok('joining', call('POST', `users/invitations/${invitation.id}/accept`, { token }));
  return { role, token, organizationId: tenant.organizationId, userId: (await profileOf(token)).id };
}

export async function createFuzzWorld(): Promise<FuzzWorld> {
  const sysadmin = (await tokenFor('sysadmin')).accessToken;
  const tenant = await freshTenant(sysadmin);
  const ids: Record<string, string> = {
    'tenant.account': tenant.accountId,
    'tenant.accountSlug': tenant.accountSlug,
    'tenant.organization': tenant.organizationId,
    'tenant.sysadmin': tenant.userId,
  };
  const entities: Record<string, Entities> = {};
  for (const [service, fixtures] of Object.entries(FIXTURES)) {
    entities[service] = await fixtures.setup(tenant);
    for (const [name, id] of Object.entries(entities[service].ids)) ids[`${service}.${name}`] = id;
  }
  const admin = await member(tenant, 'Admin');
  const user: Caller = {
    role: 'User',
    token: entities.identity.tokens.member,
    organizationId: tenant.organizationId,
    userId: ids['identity.member'],
  };
  ids['tenant.admin'] = admin.userId!;
  const key = await ok<{ id: string; secret: string }>(
    'creating the fuzz API key',
    call('POST', `accounts/${tenant.accountId}/api-keys`, {
      token: admin.token,
      body: { name: `Fuzz key ${unique()}`, organizationId: tenant.organizationId, role: 'Admin' },
    }),
  );
  ids['tenant.fuzzKey'] = key.id;
  const examples = new Map<string, Request>();
  for (const [service, fixtures] of Object.entries(FIXTURES))
    for (const [routeKey, fixture] of Object.entries(fixtures.routes))
      examples.set(routeKey, fixture!.request(tenant, entities[service]));
  return {
    tenant,
    ids,
    examples,
    callers: [
      { role: 'System Admin', token: sysadmin, organizationId: tenant.organizationId, userId: tenant.userId },
      admin,
      user,
      { role: 'API key', token: key.secret },
      { role: 'anonymous' },
    ],
  };
}
