// The security log through the real gateway: sign-ins (both outcomes), API key changes and AWS integration changes
// (from inventory, through Kafka) are recorded in the account with the client's address; the account's Admins read
// and export it, nobody else does.
import type { SecurityEventDto, SecurityEventPage } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { call, callAs, DEMO_USERS, profileOf, tokenFor } from './support/api-client';
import { clearThrottles } from './support/throttles';

jest.setTimeout(90_000);

describe('security log', () => {
  let admin: string;
  let demoAccount: string;
  const eventsPath = () => `accounts/${demoAccount}/security-events`;
  const signIn = (password: string) => call('POST', 'auth/token', { body: { email: DEMO_USERS.user.email, password } });
  const userSignIns = async (): Promise<SecurityEventDto[]> => {
    const answer = await call<SecurityEventPage>(
      'GET',
      `${eventsPath()}?kinds=sign-in&actor=${encodeURIComponent(DEMO_USERS.user.email)}&pageSize=100`,
      { token: admin },
    );
    expect(answer.status).toBe(200);
    return answer.body.items;
  };

  beforeAll(async () => {
    admin = (await tokenFor('admin')).accessToken;
    demoAccount = (await profileOf(admin)).accounts.find((account) => account.slug === 'demo')!.id;
  });

  afterAll(() => clearThrottles('throttle:*'));

  it("records a failed and a successful sign-in in the user's account, with the client address", async () => {
    const before = new Set((await userSignIns()).map((event) => event.id));
    expect((await signIn('Wrong-Password-1')).status).toBe(401);
    expect((await signIn(DEMO_USERS.user.password)).status).toBe(200);
    const fresh = await pollUntil(
      'both sign-ins in the log',
      async () => {
        const events = (await userSignIns()).filter((event) => !before.has(event.id));
        return events.length >= 2 ? events : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(fresh.map(({ outcome, detail }) => ({ outcome, detail }))).toEqual(
      expect.arrayContaining([
        { outcome: 'failure', detail: { reason: 'wrong-password' } },
        { outcome: 'success', detail: {} },
      ]),
    );
    for (const event of fresh) {
      expect(event.actorEmail).toBe(DEMO_USERS.user.email);
      expect(event.clientAddress).toMatch(/127\.0\.0\.1|::1/);
    }
  });

  it('records an API key created and revoked, and exports the log as formula-safe CSV', async () => {
    const organizationId = (await profileOf(admin)).accounts.find((account) => account.id === demoAccount)!
      .organization[0].id;
    const name = `=e2e security log ${Date.now()}`;
    const key = await call<{ id: string }>('POST', `accounts/${demoAccount}/api-keys`, {
      token: admin,
      body: { name, organizationId, role: 'User' },
    });
    expect(key.status).toBe(201);
    expect((await call('DELETE', `accounts/${demoAccount}/api-keys/${key.body.id}`, { token: admin })).status).toBe(
      204,
    );
    const page = await call<SecurityEventPage>('GET', `${eventsPath()}?kinds=api-key-created,api-key-revoked`, {
      token: admin,
    });
    expect(page.body.items.slice(0, 2).map(({ kind, subject }) => [kind, subject])).toEqual([
      ['api-key-revoked', name],
      ['api-key-created', name],
    ]);
    const csv = await call('GET', `${eventsPath()}.csv?kinds=api-key-created`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="security-log.csv"');
    expect(csv.text.split('\r\n')[0]).toBe(
      'occurredAt,kind,outcome,actorEmail,actorUserId,subject,clientAddress,detail',
    );
    expect(csv.text).toContain(`,'${name},`);
  });

  it('records an AWS integration configured in inventory, with its organization, actor and client address', async () => {
    // A fresh account and organization: one integration per organization, and the demo's stays unconfigured.
    const sysadmin = (await tokenFor('sysadmin')).accessToken;
    const run = Date.now().toString(36);
    const account = await call<{ id: string }>('POST', 'accounts', {
      token: sysadmin,
      body: { name: `Log ${run}`, slug: `log-${run}` },
    });
    const organization = await call<{ id: string }>('POST', 'organizations', {
      token: sysadmin,
      body: { accountId: account.body.id, name: `Log org ${run}` },
    });
    const owner = callAs({ token: sysadmin, organizationId: organization.body.id, accountId: account.body.id });
    const roleArn = 'arn:aws:iam::123456789012:role/InfraAnalyticsReadOnly';
    const saved = await owner('PUT', 'integrations/aws', { roleArn, externalId: `ext-${run}`, regions: ['eu-west-1'] });
    expect(saved.status).toBe(200);
    // Inventory tells identity through Kafka (its outbox, then identity's inbox).
    const [entry] = await pollUntil(
      "the integration change in the account's log",
      async () => {
        const page = await call<SecurityEventPage>(
          'GET',
          `accounts/${account.body.id}/security-events?kinds=integration-changed`,
          { token: sysadmin },
        );
        return page.body.items.length > 0 ? page.body.items : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(entry).toMatchObject({
      kind: 'integration-changed',
      outcome: 'success',
      actorEmail: DEMO_USERS.sysadmin.email,
      subject: roleArn,
      detail: { name: `Log org ${run}` },
    });
    expect(entry!.clientAddress).toMatch(/127\.0\.0\.1|::1/);
  });

  it("is for the account's Admins only: a User gets 403, another account's Admin 404, bad filters 400", async () => {
    const [user, acme] = await Promise.all([tokenFor('user'), tokenFor('acme')]);
    expect((await call('GET', eventsPath(), { token: user.accessToken })).status).toBe(403);
    expect((await call('GET', `${eventsPath()}.csv`, { token: user.accessToken })).status).toBe(403);
    expect((await call('GET', eventsPath(), { token: acme.accessToken })).status).toBe(404);
    expect((await call('GET', `${eventsPath()}?kinds=sign-in,drop-table`, { token: admin })).status).toBe(400);
    expect((await call('GET', `${eventsPath()}?pageSize=1000`, { token: admin })).status).toBe(400);
    expect((await call('GET', eventsPath())).status).toBe(401);
  });
});
