// An account and organization of a fault test's own: its copies start empty, whatever other tests left elsewhere (the
// inventory end-to-end test sends forged tagging events into the demo organization, whose copies then differ from
// tagging's on purpose).
import { randomUUID } from 'node:crypto';
import { call, tokenFor, type OrganizationSession } from '../../e2e/support/api-client';

/** Creates them as the System Admin, on a plan of `assetLimit` assets; inventory applies the plan a moment later. */
export async function ownOrganization(label: string, assetLimit: number): Promise<OrganizationSession> {
  const run = randomUUID().slice(0, 8);
  const sysadmin = (await tokenFor('sysadmin')).accessToken;
  const account = await call<{ id: string }>('POST', 'accounts', {
    token: sysadmin,
    body: { name: `${label} ${run}`, slug: `${label.toLowerCase().replace(/\W+/g, '-')}-${run}` },
  });
  expect(account.status).toBe(201);
  const plan = { plan: 'Premium', assetLimit };
  expect((await call('PUT', `accounts/${account.body.id}`, { token: sysadmin, body: plan })).status).toBe(200);
  const organization = await call<{ id: string }>('POST', 'organizations', {
    token: sysadmin,
    body: { accountId: account.body.id, name: `${label} ${run}` },
  });
  expect(organization.status).toBe(201);
  return { token: sysadmin, organizationId: organization.body.id, accountId: account.body.id };
}
