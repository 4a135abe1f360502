// Identity's entities as one tenant sees them: its account, an organization, a member who joined by invitation,
// and invitations still pending (answered by the invited user, never by another tenant).
import { call, profileOf } from '../api-client';
import { mailTo } from './mail';
import { ok, unique } from './fixture-helpers';
import type { Entities, RouteFixture, ServiceFixtures, Tenant } from './types';

/**
 * Invites a new email to the owner's account; the invitee sets a password from the mailed link and signs in.
 * Returns their token: their invitation waits in `users/invitations`.
 */
async function invitee(owner: Tenant, email: string, lastName: string): Promise<string> {
  const since = Date.now();
  await ok(
    'inviting a member',
    call('POST', 'users', {
      token: owner.token,
      body: { accountId: owner.accountId, email, firstName: 'Isolation', lastName, role: 'User' },
    }),
  );
  const token = /token=([\w-]+)/.exec(await mailTo(email, since))![1];
  const password = `Isolation-${unique()}-Pass`;
  await ok('setting the password', call('POST', 'users/reset-password', { body: { token, password } }));
  return (await ok<{ accessToken: string }>('signing in', call('POST', 'auth/token', { body: { email, password } })))
    .accessToken;
}

/** Invites an already registered user to another account of the owner; returns the mailed invitation token. */
async function invitationToken(owner: Tenant, accountId: string, email: string): Promise<string> {
  const since = Date.now();
  await ok('inviting again', call('POST', 'users', { token: owner.token, body: { accountId, email, role: 'User' } }));
  return /invitations\?token=([\w-]+)/.exec(await mailTo(email, since))![1];
}

async function setup(owner: Tenant): Promise<Entities> {
  const tag = unique();
  const account = await ok<{ name: string }>(
    'reading the account',
    call('GET', `accounts/${owner.accountSlug}`, { token: owner.token }),
  );
  const organizationName = `Isolation ${owner.label} ${tag}`;
  const organization = await ok<{ id: string }>(
    'creating an organization',
    call('POST', 'organizations', { token: owner.token, body: { accountId: owner.accountId, name: organizationName } }),
  );
  // A member: invited, joined.
  const email = `isolation-${tag}@example.test`;
  const memberToken = await invitee(owner, email, `Member ${tag}`);
  const [joining] = await ok<{ id: string }[]>(
    'listing invitations',
    call('GET', 'users/invitations', { token: memberToken }),
  );
  await ok('joining', call('POST', `users/invitations/${joining.id}/accept`, { token: memberToken }));
  const member = await profileOf(memberToken);
  // Three more accounts of the owner invite the member: invitations left pending for the routes that answer them.
  const pending: Record<string, string> = {};
  for (const purpose of ['byToken', 'byId', 'decline']) {
    const created = await ok<{ id: string }>(
      'creating an account',
      call('POST', 'accounts', {
        token: owner.token,
        body: { name: `Isolation ${purpose} ${tag}`, slug: `isolation-${purpose.toLowerCase()}-${tag}` },
      }),
    );
    pending[`${purpose}Account`] = created.id;
    pending[`${purpose}Token`] = await invitationToken(owner, created.id, email);
  }
  const invitations = await ok<{ id: string; accountId: string }[]>(
    'listing invitations',
    call('GET', 'users/invitations', { token: memberToken }),
  );
  const invitationOf = (accountId: string) => invitations.find((invitation) => invitation.accountId === accountId)!.id;
  const apiKeyName = `Isolation key ${tag}`;
  const apiKey = await ok<{ id: string; prefix: string }>(
    'creating an API key',
    call('POST', `accounts/${owner.accountId}/api-keys`, {
      token: owner.token,
      body: { name: apiKeyName, organizationId: organization.id, role: 'User' },
    }),
  );
  return {
    ids: {
      organization: organization.id,
      organizationName,
      member: member.id,
      accountName: account.name,
      invitationToken: pending.byTokenToken,
      invitationToAccept: invitationOf(pending.byIdAccount),
      invitationToDecline: invitationOf(pending.declineAccount),
      apiKey: apiKey.id,
    },
    tokens: { member: memberToken },
    secrets: [
      owner.accountId,
      owner.organizationId,
      owner.userId,
      organization.id,
      organizationName,
      member.id,
      email,
      `Member ${tag}`,
      invitationOf(pending.byIdAccount),
      invitationOf(pending.declineAccount),
      pending.byTokenAccount,
      pending.byIdAccount,
      pending.declineAccount,
      apiKey.id,
      apiKey.prefix,
      apiKeyName,
    ],
  };
}

const self = (path: string, body?: unknown): RouteFixture => ({
  kind: 'self',
  request: () => ({ path, body }),
  ownerSucceeds: false,
});
/** Sent by the invited member, the one user an invitation is for. */
const byMember = (_owner: Tenant, { tokens }: Entities) => tokens.member;

export const identity: ServiceFixtures = {
  setup,
  routes: {
    // Accounts
    'POST accounts': {
      kind: 'platform',
      request: () => ({ path: 'accounts', body: { name: 'Intruders', slug: `intruders-${unique()}` } }),
      ownerSucceeds: false,
    },
    'GET accounts': { kind: 'list', request: () => ({ path: 'accounts' }), ownerSucceeds: true },
    'PUT accounts/:id': {
      kind: 'entity',
      // The owner's control request keeps the name the account has.
      request: (owner, { ids }) => ({ path: `accounts/${owner.accountId}`, body: { name: ids.accountName } }),
      ownerSucceeds: true,
    },
    'DELETE accounts/:id': {
      kind: 'platform',
      request: (owner) => ({ path: `accounts/${owner.accountId}` }),
      ownerSucceeds: false,
    },
    // Its name typed, as a deletion needs: still for System Admins only.
    'DELETE organizations/:id': {
      kind: 'platform',
      request: (owner) => ({ path: `organizations/${owner.organizationId}` }),
      ownerSucceeds: false,
    },
    'GET accounts/:slug': {
      kind: 'entity',
      request: (owner) => ({ path: `accounts/${owner.accountSlug}` }),
      ownerSucceeds: true,
    },
    'GET accounts/:id/members': {
      kind: 'entity',
      request: (owner) => ({ path: `accounts/${owner.accountId}/members` }),
      ownerSucceeds: true,
    },
    'DELETE accounts/:id/members/:userId': {
      kind: 'entity',
      request: (owner, { ids }) => ({ path: `accounts/${owner.accountId}/members/${ids.member}` }),
      ownerSucceeds: true,
    },
    // API keys of the account
    'GET accounts/:id/api-keys': {
      kind: 'entity',
      request: (owner) => ({ path: `accounts/${owner.accountId}/api-keys` }),
      ownerSucceeds: true,
    },
    'POST accounts/:id/api-keys': {
      kind: 'create',
      request: (owner) => ({
        path: `accounts/${owner.accountId}/api-keys`,
        body: { name: `Isolation extra key ${unique()}`, organizationId: owner.organizationId, role: 'User' },
      }),
      ownerSucceeds: true,
    },
    'DELETE accounts/:id/api-keys/:keyId': {
      kind: 'entity',
      request: (owner, { ids }) => ({ path: `accounts/${owner.accountId}/api-keys/${ids.apiKey}` }),
      ownerSucceeds: true,
    },
    // The account's security log (it names the key created above: the intruder must not read it)
    'GET accounts/:id/security-events': {
      kind: 'entity',
      request: (owner) => ({ path: `accounts/${owner.accountId}/security-events` }),
      ownerSucceeds: true,
    },
    'GET accounts/:id/security-events.csv': {
      kind: 'entity',
      request: (owner) => ({ path: `accounts/${owner.accountId}/security-events.csv` }),
      ownerSucceeds: true,
    },
    // Organizations
    'GET organizations': {
      kind: 'list',
      request: (owner) => ({ path: `organizations?accountSlug=${owner.accountSlug}` }),
      ownerSucceeds: true,
    },
    'POST organizations': {
      kind: 'create',
      request: (owner) => ({
        path: 'organizations',
        body: { accountId: owner.accountId, name: `Isolation extra ${unique()}` },
      }),
      ownerSucceeds: true,
    },
    'PUT organizations/:id': {
      kind: 'entity',
      request: (_owner, { ids }) => ({
        path: `organizations/${ids.organization}`,
        body: { name: ids.organizationName },
      }),
      ownerSucceeds: true,
    },
    // Stubs of the three permission tiers
    'GET stubs/users/service': {
      kind: 'scoped',
      request: () => ({ path: 'stubs/users/service' }),
      ownerSucceeds: true,
    },
    'GET stubs/admin/service': {
      kind: 'scoped',
      request: () => ({ path: 'stubs/admin/service' }),
      ownerSucceeds: true,
    },
    'GET stubs/system/service': {
      kind: 'platform',
      request: () => ({ path: 'stubs/system/service' }),
      ownerSucceeds: false,
    },
    // Members and invitations
    'POST users': {
      kind: 'create',
      request: (owner) => ({
        path: 'users',
        body: { accountId: owner.accountId, email: `isolation-extra-${unique()}@example.test`, role: 'User' },
      }),
      ownerSucceeds: true,
    },
    'GET users/details/:id': {
      kind: 'entity',
      request: (_owner, { ids }) => ({ path: `users/details/${ids.member}` }),
      ownerSucceeds: true,
    },
    'PATCH users/:id': {
      kind: 'entity',
      request: (owner, { ids }) => ({
        path: `users/${ids.member}`,
        body: { accountId: owner.accountId, role: 'User' },
      }),
      ownerSucceeds: true,
    },
    'GET users/invitations': { ...self('users/invitations'), ownerSucceeds: true, sender: byMember },
    'POST users/invitations/accept': {
      kind: 'entity',
      request: (_owner, { ids }) => ({ path: 'users/invitations/accept', body: { token: ids.invitationToken } }),
      ownerSucceeds: true,
      sender: byMember,
    },
    'POST users/invitations/:id/accept': {
      kind: 'entity',
      request: (_owner, { ids }) => ({ path: `users/invitations/${ids.invitationToAccept}/accept` }),
      ownerSucceeds: true,
      sender: byMember,
    },
    'POST users/invitations/:id/decline': {
      kind: 'entity',
      request: (_owner, { ids }) => ({ path: `users/invitations/${ids.invitationToDecline}/decline` }),
      ownerSucceeds: true,
      sender: byMember,
    },
    // The caller's own data: nothing of another tenant can be named
    'GET users/profile': self('users/profile'),
    'GET users/acceptance-status': self('users/acceptance-status'),
    'POST users/accept-terms': self('users/accept-terms', {}),
    'GET users/userAcceptanceData': self('users/userAcceptanceData'),
    'POST users/saveUserCustomData': self('users/saveUserCustomData', { isolationRun: unique() }),
    'GET users/enroll-mfa': self('users/enroll-mfa'),
    'POST users/verify-mfa': self('users/verify-mfa', { code: '000000' }),
    'POST users/disable-mfa': self('users/disable-mfa', { code: '000000' }),
  },
};
