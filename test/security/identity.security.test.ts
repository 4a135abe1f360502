// Attacks on identity's accounts, organizations and users (hardening issue), replayed against the running product.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pollUntil } from '@infra/platform/testing';
import { call, profileOf, tokenFor, type Profile } from '../e2e/support/api-client';

jest.setTimeout(60_000);

/** Where the identity service under test writes mail: `npm test` (test-results) or a product copy (mail-<offset>). */
const MAIL_DIRS = [
  process.env.E2E_MAIL_DIR,
  '.cache/test-results/mail',
  process.env.E2E_PORT_OFFSET && `.cache/mail-${process.env.E2E_PORT_OFFSET}`,
]
  .filter((dir): dir is string => Boolean(dir))
  .map((dir) => path.resolve(__dirname, '../..', dir));

/** The newest mail to `email` whose text contains `containing`. */
function latestMailTo(email: string, containing: string): Promise<string> {
  return pollUntil(
    `a mail to ${email} containing ${containing}`,
    () => {
      const mails = MAIL_DIRS.filter((dir) => fs.existsSync(dir)).flatMap((dir) =>
        fs
          .readdirSync(dir)
          .filter((file) => file.endsWith(`${email}.json`))
          .map((file) => ({
            file,
            text: (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { text: string }).text,
          })),
      );
      mails.sort((a, b) => b.file.localeCompare(a.file));
      return mails.find((mail) => mail.text.includes(containing))?.text;
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
}

interface ErrorBody {
  statusCode: number;
  message: string;
  code: string;
}

const tokens: Record<'admin' | 'user' | 'acme' | 'sysadmin', string> = { admin: '', user: '', acme: '', sysadmin: '' };
let adminProfile: Profile;
let demo: Profile['accounts'][number];
let acme: Profile['accounts'][number];

beforeAll(async () => {
  for (const user of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[user] = (await tokenFor(user)).accessToken;
  adminProfile = await profileOf(tokens.admin);
  demo = adminProfile.accounts.find((account) => account.slug === 'demo')!;
  acme = (await profileOf(tokens.acme)).accounts.find((account) => account.slug === 'acme')!;
});

describe('cross-tenant user pull', () => {
  it('adding an existing user of another tenant creates a pending invitation and reveals nothing about them', async () => {
    const existing = await call<Record<string, unknown>>('POST', 'users', {
      token: tokens.acme,
      body: { accountId: acme.id, email: 'admin@demo.local', role: 'User' },
    });
    const unknownEmail = `nobody-${randomUUID()}@nowhere.local`;
    const unknown = await call<Record<string, unknown>>('POST', 'users', {
      token: tokens.acme,
      body: { accountId: acme.id, email: unknownEmail, role: 'User' },
    });
    expect(existing.status).toBe(202);
    expect(existing.body).toEqual({ email: 'admin@demo.local', role: 'User', status: 'pending' });
    // The answer for an unregistered email has the same status and shape: no registration oracle.
    expect(unknown.status).toBe(existing.status);
    expect(unknown.body).toEqual({ email: unknownEmail, role: 'User', status: 'pending' });

    // Not a member before accepting: the profile stays out of reach, the members list shows the email only.
    const details = await call<ErrorBody>('GET', `users/details/${adminProfile.id}`, { token: tokens.acme });
    expect(details.status).toBe(404);
    expect(details.text).not.toContain('admin@demo.local');
    const members = await call<{ email: string; userId: string; firstName: string; status?: string }[]>(
      'GET',
      `accounts/${acme.id}/members`,
      { token: tokens.acme },
    );
    const pending = members.body.find((member) => member.email === 'admin@demo.local');
    expect(pending).toMatchObject({ status: 'pending', userId: '', firstName: '', lastName: '' });
    expect(members.text).not.toContain(adminProfile.id);

    // The invitee sees it in their list and declines; it is gone afterwards.
    const mine = await call<{ id: string; accountId: string; accountName: string; role: string }[]>(
      'GET',
      'users/invitations',
      { token: tokens.admin },
    );
    const invitation = mine.body.find((candidate) => candidate.accountId === acme.id);
    expect(invitation).toMatchObject({ accountName: acme.name, role: 'User' });
    // Nobody else can answer it.
    expect((await call('POST', `users/invitations/${invitation!.id}/accept`, { token: tokens.user })).status).toBe(404);
    expect((await call('POST', `users/invitations/${invitation!.id}/decline`, { token: tokens.admin })).status).toBe(
      204,
    );
    expect((await call('POST', `users/invitations/${invitation!.id}/accept`, { token: tokens.admin })).status).toBe(
      404,
    );
    expect((await profileOf(tokens.admin)).accounts.map((account) => account.slug)).not.toContain('acme');
  });

  it('a new email sets a password from the mailed link, then accepts; a later invitation is accepted by its link', async () => {
    const slug = `inv-${Date.now()}`;
    const created = await call<{ id: string }>('POST', 'accounts', {
      token: tokens.sysadmin,
      body: { name: `Invitations ${slug}`, slug },
    });
    expect(created.status).toBe(201);
    const email = `invitee-${Date.now()}@invited.local`;
    const invited = await call('POST', 'users', {
      token: tokens.sysadmin,
      body: { accountId: created.body.id, email, firstName: 'Ina', role: 'Admin' },
    });
    expect(invited.status).toBe(202);
    const setPassword = await latestMailTo(email, '/reset-password?token=');
    const resetToken = /token=([\w-]+)/.exec(setPassword)![1];
    const password = `Invited-pass-${randomUUID()}`;
    expect((await call('POST', 'users/reset-password', { body: { token: resetToken, password } })).status).toBe(200);
    const signIn = await call<{ accessToken: string }>('POST', 'auth/token', { body: { email, password } });
    expect(signIn.status).toBe(200);
    const token = signIn.body.accessToken;

    const before = await call<{ status?: string; email: string }[]>('GET', `accounts/${created.body.id}/members`, {
      token: tokens.sysadmin,
    });
    expect(before.body).toEqual([expect.objectContaining({ email, status: 'pending', userId: '' })]);
    const list = await call<{ id: string; accountId: string; role: string }[]>('GET', 'users/invitations', { token });
    expect(list.body).toEqual([expect.objectContaining({ accountId: created.body.id, role: 'Admin' })]);
    const accepted = await call('POST', `users/invitations/${list.body[0].id}/accept`, { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ accountId: created.body.id, accountSlug: slug, role: 'Admin' });
    const after = await call<{ status?: string; email: string; role: string }[]>(
      'GET',
      `accounts/${created.body.id}/members`,
      { token },
    );
    expect(after.body).toEqual([expect.objectContaining({ email, status: 'active', role: 'Admin', firstName: 'Ina' })]);

    // Now registered: a second account's invitation comes as a link to accept, usable only by this user.
    const secondSlug = `${slug}-b`;
    const second = await call<{ id: string }>('POST', 'accounts', {
      token: tokens.sysadmin,
      body: { name: `Invitations ${secondSlug}`, slug: secondSlug },
    });
    expect(
      (await call('POST', 'users', { token, body: { accountId: second.body.id, email, role: 'User' } })).status,
    ).toBe(404);
    await call('POST', 'users', { token: tokens.sysadmin, body: { accountId: second.body.id, email, role: 'User' } });
    const link = await latestMailTo(email, '/invitations?token=');
    const invitationToken = /token=([\w-]+)/.exec(link)![1];
    expect(
      (await call('POST', 'users/invitations/accept', { token: tokens.acme, body: { token: invitationToken } })).status,
    ).toBe(404);
    const byLink = await call('POST', 'users/invitations/accept', { token, body: { token: invitationToken } });
    expect(byLink.status).toBe(200);
    expect((await profileOf(token)).accounts.map((account) => account.slug).sort()).toEqual([slug, secondSlug].sort());
  });
});

describe('existence oracle', () => {
  it.each([
    ['PUT organizations/{id}', 'PUT', (id: string) => `organizations/${id}`, { name: 'Taken over' }],
    ['PUT accounts/{id}', 'PUT', (id: string) => `accounts/${id}`, { name: 'Taken over' }],
    ['GET accounts/{id}/members', 'GET', (id: string) => `accounts/${id}/members`, undefined],
    ['GET users/details/{id}', 'GET', (id: string) => `users/details/${id}`, undefined],
  ] as const)("%s: another tenant's id and a random id get the same answer", async (_name, method, path, body) => {
    const ids: Record<string, string> = {
      'PUT organizations/{id}': demo.organization[0].id,
      'PUT accounts/{id}': demo.id,
      'GET accounts/{id}/members': demo.id,
      'GET users/details/{id}': adminProfile.id,
    };
    const theirs = await call<ErrorBody>(method, path(ids[_name]), { token: tokens.acme, body });
    const random = await call<ErrorBody>(method, path(randomUUID()), { token: tokens.acme, body });
    expect(theirs.status).toBe(404);
    expect([theirs.status, theirs.body.message, theirs.body.code]).toEqual([
      random.status,
      random.body.message,
      random.body.code,
    ]);
  });

  it("GET accounts/{slug}: another tenant's slug and an unknown slug get the same answer", async () => {
    const theirs = await call<ErrorBody>('GET', `accounts/${demo.slug}`, { token: tokens.acme });
    const unknown = await call<ErrorBody>('GET', `accounts/no-such-${Date.now()}`, { token: tokens.acme });
    expect(theirs.status).toBe(404);
    expect([theirs.body.message, theirs.body.code]).toEqual([unknown.body.message, unknown.body.code]);
  });
});

describe('unbounded custom data', () => {
  const blob = (kib: number) => 'x'.repeat(kib * 1024);

  it('refuses one call above the per-call cap with 413', async () => {
    const response = await call<ErrorBody>('POST', 'users/saveUserCustomData', {
      token: tokens.user,
      body: { data: { huge: blob(100) } },
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/Custom data is limited to \d+ KiB per call and \d+ KiB in total/);
    expect(response.body.code).toBe('USER_CUSTOM_DATA_TOO_LARGE');
  });

  it('caps the stored total: calls within the per-call cap stop being stored past the total', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await call('POST', 'users/saveUserCustomData', {
        token: tokens.user,
        body: { data: { [`securityTest${i}`]: blob(15) } },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([413, 413]);
    // Overwriting keys with small values frees the space again.
    const cleared = await call<Record<string, unknown>>('POST', 'users/saveUserCustomData', {
      token: tokens.user,
      body: { data: Object.fromEntries([0, 1, 2, 3, 4, 5].map((i) => [`securityTest${i}`, null])) },
    });
    expect(cleared.status).toBe(200);
  });
});

describe('control characters in text fields', () => {
  it.each([
    ['POST organizations name', 'POST', 'organizations', () => ({ accountId: demo.id, name: 'Bad\u0000Org' }), 'name'],
    [
      'PUT organizations city',
      'PUT',
      () => `organizations/${demo.organization[0].id}`,
      () => ({ name: 'Demo East', city: 'a\nb' }),
      'city',
    ],
    ['PUT accounts name', 'PUT', () => `accounts/${demo.id}`, () => ({ name: 'Demo\u0000' }), 'name'],
    [
      'POST users firstName',
      'POST',
      'users',
      () => ({ accountId: demo.id, email: 'x@y.local', firstName: 'A\u0007', role: 'User' }),
      'firstName',
    ],
  ] as const)('%s: 400 naming the field, not 500', async (_name, method, path, body, field) => {
    const response = await call<ErrorBody>(method, typeof path === 'string' ? path : path(), {
      token: tokens.admin,
      body: body(),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(`${field} must not contain control characters`);
  });

  it('query parameters and custom data with NUL are 400, a NUL slug is 404', async () => {
    expect((await call('GET', 'accounts?authClientId=%00', { token: tokens.admin })).status).toBe(400);
    expect((await call('GET', 'organizations?accountSlug=a%00b', { token: tokens.admin })).status).toBe(400);
    expect((await call('GET', 'users/profile?accountSlug=%00', { token: tokens.admin })).status).toBe(400);
    expect((await call('GET', 'accounts/de%00mo', { token: tokens.admin })).status).toBe(404);
    const data = await call<ErrorBody>('POST', 'users/saveUserCustomData', {
      token: tokens.user,
      body: { data: { note: 'a\u0000b' } },
    });
    expect(data.status).toBe(400);
  });
});

describe('time zones', () => {
  it('accepts IANA zones and UTC only', async () => {
    const original = (demo as typeof demo & { timeZone: string }).timeZone;
    for (const timeZone of ['Mars/Olympus', 'GMT+99', 'europe/berlin', '']) {
      const response = await call<ErrorBody>('PUT', `accounts/${demo.id}`, { token: tokens.admin, body: { timeZone } });
      expect([timeZone, response.status]).toEqual([timeZone, 400]);
      expect(response.body.message).toContain('timeZone must be an IANA time zone');
    }
    for (const timeZone of ['Europe/Berlin', 'UTC', original]) {
      const response = await call<{ timeZone: string }>('PUT', `accounts/${demo.id}`, {
        token: tokens.admin,
        body: { timeZone },
      });
      expect([timeZone, response.status, response.body.timeZone]).toEqual([timeZone, 200, timeZone]);
    }
    const created = await call('POST', 'accounts', {
      token: tokens.sysadmin,
      body: { name: 'Bad zone', slug: `zone-${Date.now()}`, timeZone: 'Nowhere/Land' },
    });
    expect(created.status).toBe(400);
  });
});
