// The fuzzer's own tenant, so no request can harm the demo data later tests rely on: a fresh account and
// organization run by the demo System Admin, an Admin and a User invited into it, one or two entities of each kind
// (assets, a collection, a view, tags, a rule, a business event, a second organization, an API key), and an API key
// with the Admin role. The callers are those, the System Admin, and nobody (anonymous).
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
  /** Every id the fuzzer created, by the names the isolation fixtures use (`asset`, `member`, …). */
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

/** The fuzzer's entities, one or two of a kind, created without waiting for any event to propagate. */
async function entitiesOf(tenant: Tenant, admin: Caller): Promise<Record<string, string>> {
  const run = unique();
  const send = <T>(what: string, method: string, path: string, body?: unknown) =>
    ok<T>(what, call(method, path, { token: tenant.token, organizationId: tenant.organizationId, body }));
  const names = [`fuzz-a-${run}`, `fuzz-b-${run}`];
  const [asset, otherAsset] = (
    await send<{ results: { id: string }[] }>('upserting assets', 'PUT', 'assets', {
      assets: names.map((name) => ({ externalId: `i-${name}`, name, instance_type: 'm5.large', site: 'eu-west-1b' })),
    })
  ).results.map((result) => result.id);
  const collection = (
    await send<{ id: string }>('creating a collection', 'POST', 'collections', {
      name: `fuzz-${run}`,
      assetIds: [asset],
    })
  ).id;
  const view = (await send<{ id: string }>('saving a view', 'PATCH', 'views', { name: `fuzz-view-${run}` })).id;
  const [tag, editedTag] = (
    await send<{ tags: { id: string }[] }>('creating tags', 'POST', 'tags/batch', {
      tags: [`fuzz-${run}`, `fuzz-edited-${run}`].map((key) => ({ key, value: 'fuzz' })),
    })
  ).tags.map((created) => created.id);
  const ruleName = `fuzz-rule-${run}`;
  const rule = (
    await send<{ id: string }>('creating a rule', 'POST', 'rules', {
      name: ruleName,
      tagId: tag,
      conditions: { sites: ['eu-west-1b'] },
    })
  ).id;
  const eventName = `fuzz-event-${run}`;
  const event = (
    await send<{ id: string }>('creating a business event', 'POST', 'business-events', {
      name: eventName,
      startDate: '2026-01-10T00:00:00.000Z',
      endDate: '2026-01-12T00:00:00.000Z',
    })
  ).id;
  const organizationName = `Fuzz branch ${run}`;
  const organization = (
    await send<{ id: string }>('creating an organization', 'POST', 'organizations', {
      accountId: tenant.accountId,
      name: organizationName,
    })
  ).id;
  const apiKey = (
    await ok<{ id: string }>(
      'creating an API key',
      call('POST', `accounts/${tenant.accountId}/api-keys`, {
        token: admin.token,
        body: { name: `Fuzz spare key ${run}`, organizationId: tenant.organizationId, role: 'User' },
      }),
    )
  ).id;
  return {
    asset,
    otherAsset,
    taggedAsset: otherAsset,
    collection,
    doomedCollection: collection,
    view,
    doomedView: view,
    tag,
    editedTag,
    rule,
    doomedRule: rule,
    ruleName,
    event,
    businessEvent: event,
    eventName,
    organization,
    organizationName,
    apiKey,
    importFile: `fuzz-${run}.csv`,
  };
}

export async function createFuzzWorld(): Promise<FuzzWorld> {
  const sysadmin = (await tokenFor('sysadmin')).accessToken;
  const tenant = await freshTenant(sysadmin);
  const admin = await member(tenant, 'Admin');
  const user = await member(tenant, 'User');
  const ids: Record<string, string> = {
    ...(await entitiesOf(tenant, admin)),
    account: tenant.accountId,
    accountSlug: tenant.accountSlug,
    accountName: `Fuzz ${tenant.accountSlug.slice('fuzz-'.length)}`,
    tenantOrganization: tenant.organizationId,
    sysadmin: tenant.userId,
    admin: admin.userId!,
    member: user.userId!,
  };
  const key = await ok<{ id: string; secret: string }>(
    'creating the fuzz API key',
    call('POST', `accounts/${tenant.accountId}/api-keys`, {
      token: admin.token,
      body: { name: `Fuzz key ${unique()}`, organizationId: tenant.organizationId, role: 'Admin' },
    }),
  );
  // The isolation fixtures' requests, addressed to these entities: known-good bases the fuzzer mutates.
  const entities: Entities = { ids, tokens: { member: user.token! }, secrets: [] };
  const examples = new Map<string, Request>();
  for (const fixtures of Object.values(FIXTURES))
    for (const [routeKey, fixture] of Object.entries(fixtures.routes)) {
      const example = fixture!.request(tenant, entities);
      if (!`${example.path} ${JSON.stringify(example.body)}`.includes('undefined')) examples.set(routeKey, example);
    }
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
