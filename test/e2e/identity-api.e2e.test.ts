// Sign-in, sessions, MFA, password reset, members and account settings through the real gateway.
import fs from 'node:fs';
import path from 'node:path';
import { authenticator } from 'otplib';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { kafkaSettingsForTests, pollUntil } from '@infra/platform/testing';
import { BASE_URL, call, cookiesFrom, DEMO_USERS, profileOf, tokenFor, withDemoTotp } from './support/api-client';
import { serviceCounter } from './support/service-metrics';
import { clearThrottles } from './support/throttles';

jest.setTimeout(60_000);
const MAIL_DIR = path.resolve(__dirname, '../..', process.env.E2E_MAIL_DIR ?? '.cache/test-results/mail');
const IDENTITY_DB = `${process.env.E2E_DATABASE_PREFIX ?? 'infra_test_'}identity`;
const TOPIC = 'identity.account.thresholds-changed.v1';

/** Forgets the sign-in, MFA and reset counters of the product's Redis. */
const clearSignInThrottles = () => clearThrottles('throttle:*');

/** How much a counter of identity grew during `attempt` (the tests run one at a time: nothing else moves it). */
async function growthOf(
  name: string,
  labels: Record<string, string>,
  attempt: () => Promise<unknown>,
): Promise<number> {
  await clearSignInThrottles(); // every attempt does the full work, never a throttled short cut
  const before = await serviceCounter('identity', name, labels);
  await attempt();
  return (await serviceCounter('identity', name, labels)) - before;
}

const totpStep = () => Math.floor(Date.now() / 30_000);

function latestMailTo(email: string): Promise<string> {
  return pollUntil(
    `a mail to ${email}`,
    () => {
      const files = fs.existsSync(MAIL_DIR)
        ? fs
            .readdirSync(MAIL_DIR)
            .filter((file) => file.endsWith(`${email}.json`))
            .sort()
        : [];
      if (files.length === 0) return undefined;
      return (JSON.parse(fs.readFileSync(path.join(MAIL_DIR, files[files.length - 1]), 'utf8')) as { text: string })
        .text;
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
}

describe('sign-in', () => {
  it('signs in with password then TOTP, setting httpOnly Secure SameSite cookies', async () => {
    const { email, password } = DEMO_USERS.mfa;
    const first = await call<{ mfaRequired: boolean }>('POST', '/api/login', { body: { email, password } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true });
    expect(first.headers.getSetCookie()).toEqual([]);
    const wrongCode = await call('POST', '/api/login', { body: { email, password, code: '000000' } });
    expect(wrongCode.status).toBe(401);
    expect((wrongCode.body as { message: string }).message).toBe('The verification code is not valid.');
    const second = await withDemoTotp((code) =>
      call<{ mfaRequired: boolean; user: { email: string } }>('POST', '/api/login', {
        body: { email, password, code },
      }),
    );
    expect(second.status).toBe(200);
    expect(second.body.user.email).toBe(email);
    const setCookies = second.headers.getSetCookie();
    expect(setCookies.find((cookie) => cookie.startsWith('access_token='))).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    expect(setCookies.find((cookie) => cookie.startsWith('refresh_token='))).toMatch(
      /Path=\/api; .*HttpOnly; Secure; SameSite=Strict/,
    );
    const profile = await call('GET', 'users/profile', {
      headers: { cookie: `access_token=${cookiesFrom(second).access_token}` },
    });
    expect(profile.status).toBe(200);
  });

  it('answers an unknown email like a known one, after the same work (sign-in and reset request)', async () => {
    const wrong = await call('POST', '/api/login', {
      body: { email: 'admin@demo.local', password: 'not-the-password' },
    });
    const unknown = await call('POST', '/api/login', {
      body: { email: 'nobody-here@demo.local', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((wrong.body as { message: string }).message).toBe((unknown.body as { message: string }).message);

    // The same time comes from the same work, which is counted (milliseconds on a busy machine prove nothing):
    // a sign-in costs one argon2 verification whether or not the email exists, and a reset request enqueues one
    // mail job either way (the job, not the request, looks the email up).
    const unknownEmail = () => `nobody-${randomUUID()}@demo.local`;
    const signIn = (email: string) => call('POST', '/api/login', { body: { email, password: 'not-the-password' } });
    const verifications = 'identity_password_verifications_total';
    expect(await growthOf(verifications, {}, () => signIn(DEMO_USERS.user.email))).toBe(1);
    expect(await growthOf(verifications, {}, () => signIn(unknownEmail()))).toBe(1);

    const reset = async (email: string) => {
      const response = await call('GET', `users/reset-password?email=${encodeURIComponent(email)}`);
      expect(response.status).toBe(200);
      return response.body;
    };
    const mailJob = { queue: 'identity', job: 'send-password-reset' };
    const answers: unknown[] = [];
    expect(
      await growthOf('jobs_added_total', mailJob, async () => answers.push(await reset(DEMO_USERS.user.email))),
    ).toBe(1);
    expect(await growthOf('jobs_added_total', mailJob, async () => answers.push(await reset(unknownEmail())))).toBe(1);
    expect(answers[1]).toEqual(answers[0]);
    // Neither request did any hashing.
    expect(await growthOf(verifications, {}, () => reset(DEMO_USERS.user.email))).toBe(0);
    expect(await growthOf(verifications, {}, () => reset(unknownEmail()))).toBe(0);
    await clearSignInThrottles();
  });

  it('locks an email out after 5 failures, whether or not it exists', async () => {
    const email = `locked-${Date.now()}@nowhere.local`;
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await call('POST', '/api/login', { body: { email, password: 'wrong-password' } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await call<{ message: string }>('POST', '/api/login', {
      body: { email, password: 'wrong-password' },
    });
    expect(locked.body.message).toBe('Too many sign-in attempts. Try again later.');
  });

  it('sends the browser from /api/login to the sign-in page when there is no session, and back when the refresh cookie is valid', async () => {
    const anonymous = await call('GET', '/api/login');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/signin');
    const login = await call('POST', '/api/login', { body: DEMO_USERS.admin });
    const { refresh_token: refresh } = cookiesFrom(login);
    const renewed = await call('GET', '/api/login?returnTo=/account', {
      headers: { cookie: `refresh_token=${refresh}` },
    });
    expect(renewed.status).toBe(302);
    expect(renewed.headers.get('location')).toBe('/account');
    expect(cookiesFrom(renewed).access_token).toBeTruthy();
    const offsite = await call('GET', '/api/login?returnTo=//evil.example', {
      headers: { cookie: `refresh_token=${cookiesFrom(renewed).refresh_token}` },
    });
    expect(offsite.headers.get('location')).toBe('/');
  });

  it('rotates refresh tokens and revokes the whole family when an old one is reused', async () => {
    const first = await tokenFor('user');
    const second = (
      await call<{ refreshToken: string }>('POST', 'auth/refresh', { body: { refreshToken: first.refreshToken } })
    ).body;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const reuse = await call('POST', 'auth/refresh', { body: { refreshToken: first.refreshToken } });
    expect(reuse.status).toBe(401);
    // The legitimate newer token died with its family.
    expect((await call('POST', 'auth/refresh', { body: { refreshToken: second.refreshToken } })).status).toBe(401);
  });

  it('signs out (POST): both tokens stop working', async () => {
    const login = await call('POST', '/api/login', { body: DEMO_USERS.user });
    const { refresh_token: refresh, access_token: access } = cookiesFrom(login);
    expect((await call('GET', 'users/profile', { headers: { cookie: `access_token=${access}` } })).status).toBe(200);
    const logout = await call('POST', '/api/logout', {
      headers: { cookie: `refresh_token=${refresh}`, origin: new URL(BASE_URL).origin },
    });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().some((cookie) => cookie.startsWith('access_token=;'))).toBe(true);
    const renewed = await call('GET', '/api/login', { headers: { cookie: `refresh_token=${refresh}` } });
    expect(renewed.headers.get('location')).toBe('/signin');
    // The access token is a JWT, but its session is revoked: the gateway refuses it (within its 1 s cache) long
    // before the token expires. The deadline is for a loaded machine, not the bound (revoked-sessions.spec holds it).
    const status = async () =>
      (await call('GET', 'users/profile', { headers: { cookie: `access_token=${access}` } })).status;
    await pollUntil('the signed-out access token to be refused', async () => (await status()) === 401, {
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    expect(await status()).toBe(401);
  });
});

describe('MFA enrolment', () => {
  // Shared by the two tests: the enrolled secret, the step its enrolment code used, the admin's access token.
  let secret = '';
  let enrolStep = 0;
  let accessToken = '';

  it('enrols on the first valid code, then requires the code to sign in', async () => {
    ({ accessToken } = await tokenFor('admin'));
    const enrol = await call<{ otpauthUri: string; secret: string; qrCode: string; recoveryCodes: string[] }>(
      'GET',
      'users/enroll-mfa',
      {
        token: accessToken,
      },
    );
    expect(enrol.status).toBe(200);
    expect(enrol.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/infra-analytics:admin%40demo\.local\?secret=/);
    expect(enrol.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrol.body.recoveryCodes).toHaveLength(10);
    secret = enrol.body.secret;
    // Still off until verified.
    expect((await call('POST', '/api/login', { body: DEMO_USERS.admin })).body).toMatchObject({ mfaRequired: false });
    expect((await call('POST', 'users/verify-mfa', { token: accessToken, body: { code: '123456' } })).status).toBe(400);
    enrolStep = totpStep();
    const code = authenticator.generate(secret);
    expect((await call('POST', 'users/verify-mfa', { token: accessToken, body: { code } })).status).toBe(200);
    expect((await call('POST', '/api/login', { body: DEMO_USERS.admin })).body).toEqual({ mfaRequired: true });
    // The code that enrolled cannot sign in again (each time step is accepted once).
    expect((await call('POST', '/api/login', { body: { ...DEMO_USERS.admin, code } })).status).toBe(401);
    // A recovery code works once.
    const recovery = enrol.body.recoveryCodes[0];
    expect((await call('POST', '/api/login', { body: { ...DEMO_USERS.admin, code: recovery } })).status).toBe(200);
    expect((await call('POST', '/api/login', { body: { ...DEMO_USERS.admin, code: recovery } })).status).toBe(401);
  });

  it('turns MFA off with a valid code: the profile says so and sign-in no longer asks for a code', async () => {
    expect(secret).not.toBe('');
    const refused = await call('POST', 'users/disable-mfa', { token: accessToken, body: { code: '000000' } });
    expect(refused.status).toBe(400);
    expect((await call('POST', '/api/login', { body: DEMO_USERS.admin })).body).toEqual({ mfaRequired: true });

    await pollUntil('a TOTP step not used yet', () => totpStep() > enrolStep, { timeoutMs: 35_000, intervalMs: 250 });
    const disabled = await call('POST', 'users/disable-mfa', {
      token: accessToken,
      body: { code: authenticator.generate(secret) },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ mfaEnabled: false });
    expect((await call<{ mfaEnabled: boolean }>('GET', 'users/profile', { token: accessToken })).body.mfaEnabled).toBe(
      false,
    );
    const signIn = await call<{ mfaRequired: boolean; user: { email: string } }>('POST', '/api/login', {
      body: DEMO_USERS.admin,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ mfaRequired: false, user: { email: DEMO_USERS.admin.email } });
    expect(cookiesFrom(signIn).access_token).toBeTruthy();
  });
});

describe('password reset', () => {
  it('mails a single-use link; the new password works and the old one does not', async () => {
    const invitee = `reset-${Date.now()}@demo.local`;
    const { accessToken } = await tokenFor('admin');
    const demo = (await profileOf(accessToken)).accounts.find((account) => account.slug === 'demo')!;
    expect(
      (await call('POST', 'users', { token: accessToken, body: { accountId: demo.id, email: invitee, role: 'User' } }))
        .status,
    ).toBe(202);
    const invitation = await latestMailTo(invitee);
    expect(invitation).toContain('/reset-password?token=');

    const start = await call<{ message: string }>('GET', `users/reset-password?email=${encodeURIComponent(invitee)}`);
    expect(start.body.message).toBe('If an account exists for this email, a password reset link has been sent.');
    const unknown = await call<{ message: string }>('GET', 'users/reset-password?email=nobody-at-all%40demo.local');
    expect(unknown.body).toEqual(start.body);
    const mail = await latestMailTo(invitee);
    const token = /token=([\w-]+)/.exec(mail)![1];
    expect((await call('POST', 'users/reset-password', { body: { token, password: 'short' } })).status).toBe(400);
    const done = await call('POST', 'users/reset-password', { body: { token, password: 'A-brand-new-password-1' } });
    expect(done.status).toBe(200);
    expect(
      (await call('POST', 'users/reset-password', { body: { token, password: 'Another-new-password-2' } })).status,
    ).toBe(400);
    expect(
      (await call('POST', 'auth/token', { body: { email: invitee, password: 'A-brand-new-password-1' } })).status,
    ).toBe(200);
  });
});

describe('members and account settings', () => {
  /** Invites a new email; the invitee sets a password from the mailed link, signs in and accepts. Returns their id. */
  async function addMember(token: string, accountId: string, email: string, role: 'User' | 'Admin'): Promise<string> {
    const invited = await call('POST', 'users', { token, body: { accountId, email, firstName: 'Solo', role } });
    expect(invited.status).toBe(202);
    const mail = await latestMailTo(email);
    const password = 'A-brand-new-password-1';
    const resetToken = /token=([\w-]+)/.exec(mail)![1];
    expect((await call('POST', 'users/reset-password', { body: { token: resetToken, password } })).status).toBe(200);
    const { accessToken } = (await call<{ accessToken: string }>('POST', 'auth/token', { body: { email, password } }))
      .body;
    const [invitation] = (await call<{ id: string }[]>('GET', 'users/invitations', { token: accessToken })).body;
    expect((await call('POST', `users/invitations/${invitation.id}/accept`, { token: accessToken })).status).toBe(200);
    return (await profileOf(accessToken)).id;
  }

  it('adds, re-roles and removes a member, and always keeps one Admin', async () => {
    const { accessToken } = await tokenFor('sysadmin');
    const created = await call<{ id: string }>('POST', 'accounts', {
      token: accessToken,
      body: { name: 'Solo Inc', slug: `solo-${Date.now()}` },
    });
    expect(created.status).toBe(201);
    const accountId = created.body.id;
    const memberEmail = `solo-admin-${Date.now()}@solo.local`;
    const memberId = await addMember(accessToken, accountId, memberEmail, 'Admin');
    const duplicate = await call<{ message: string }>('POST', 'users', {
      token: accessToken,
      body: { accountId, email: memberEmail, role: 'User' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toContain('exist');
    const demote = await call<{ message: string }>('PATCH', `users/${memberId}`, {
      token: accessToken,
      body: { accountId, role: 'User' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('An account must keep at least one Admin.');
    expect((await call('DELETE', `accounts/${accountId}/members/${memberId}`, { token: accessToken })).status).toBe(
      409,
    );
    const otherId = await addMember(accessToken, accountId, `solo-user-${Date.now()}@solo.local`, 'User');
    expect(
      (await call('PATCH', `users/${otherId}`, { token: accessToken, body: { accountId, role: 'Admin' } })).status,
    ).toBe(200);
    expect(
      (await call('PATCH', `users/${memberId}`, { token: accessToken, body: { accountId, role: 'User' } })).status,
    ).toBe(200);
    expect((await call('DELETE', `accounts/${accountId}/members/${memberId}`, { token: accessToken })).status).toBe(
      204,
    );
    const members = await call<{ userId: string }[]>('GET', `accounts/${accountId}/members`, { token: accessToken });
    expect(members.body.map((m) => m.userId)).toEqual([otherId]);
  });

  it('a new role and a removal take effect on the very next request (every gateway is told, no cache wait)', async () => {
    const { accessToken } = await tokenFor('sysadmin');
    const run = Date.now();
    const account = await call<{ id: string }>('POST', 'accounts', {
      token: accessToken,
      body: { name: 'Prompt Inc', slug: `prompt-${run}` },
    });
    const accountId = account.body.id;
    const organization = await call<{ id: string }>('POST', 'organizations', {
      token: accessToken,
      body: { accountId, name: `Prompt HQ ${run}` },
    });
    expect(organization.status).toBe(201);
    const organizationId = organization.body.id;
    await addMember(accessToken, accountId, `prompt-admin-${run}@prompt.local`, 'Admin');
    const email = `prompt-user-${run}@prompt.local`;
    const memberId = await addMember(accessToken, accountId, email, 'User');
    const member = (
      await call<{ accessToken: string }>('POST', 'auth/token', { body: { email, password: 'A-brand-new-password-1' } })
    ).body.accessToken;
    const read = () => call('GET', 'assets', { token: member, organizationId });
    const write = () =>
      call('POST', 'tags/batch', {
        token: member,
        organizationId,
        body: { tags: [{ key: 'prompt', value: `${run}` }] },
      });
    // Both answers are now cached by the gateway.
    expect((await read()).status).toBe(200);
    expect((await write()).status).toBe(403);
    const promote = await call('PATCH', `users/${memberId}`, {
      token: accessToken,
      body: { accountId, role: 'Admin' },
    });
    expect(promote.status).toBe(200);
    expect((await write()).status).toBe(201);
    const removal = await call('DELETE', `accounts/${accountId}/members/${memberId}`, { token: accessToken });
    expect(removal.status).toBe(204);
    expect((await read()).status).toBe(403);
  });

  it('validates workload thresholds and publishes a change through the outbox', async () => {
    const { accessToken } = await tokenFor('admin');
    const demo = (await profileOf(accessToken)).accounts.find((account) => account.slug === 'demo')!;
    // Values of this run only, so the published message found below is this run's.
    const min = 20 + Math.floor(Math.random() * 20);
    const max = 61 + Math.floor(Math.random() * 30);
    for (const bad of [
      { minWorkloadPercentThreshold: 70, maxWorkloadPercentThreshold: 60 },
      { minWorkloadPercentThreshold: -1 },
      { maxWorkloadPercentThreshold: 101 },
    ]) {
      const response = await call<{ message: string }>('PUT', `accounts/${demo.id}`, { token: accessToken, body: bad });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'Workload thresholds must be between 0 and 100, with the minimum below the maximum.',
      );
    }
    const ok = await call<{ minWorkloadPercentThreshold: number; maxWorkloadPercentThreshold: number }>(
      'PUT',
      `accounts/${demo.id}`,
      {
        token: accessToken,
        body: { minWorkloadPercentThreshold: min, maxWorkloadPercentThreshold: max },
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ minWorkloadPercentThreshold: min, maxWorkloadPercentThreshold: max });
    // The outbox row, then the message itself on Kafka: topic, key (the account: account-wide event) and payload.
    const db = new Client({ host: '127.0.0.1', user: 'postgres', database: IDENTITY_DB });
    await db.connect();
    const kafka = new Kafka({ ...kafkaSettingsForTests('e2e-thresholds'), logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `e2e-thresholds-${randomUUID()}` });
    const received: { key: string; value: string }[] = [];
    try {
      const row = await pollUntil(
        'the thresholds event in the outbox',
        async () => {
          const { rows } = await db.query<{ event_id: string; message_key: string; envelope: { payload: unknown } }>(
            `SELECT event_id, message_key, envelope FROM outbox WHERE topic = $1
               AND envelope->'payload'->>'accountId' = $2
               AND envelope->'payload'->>'minWorkloadPercentThreshold' = $3
               AND envelope->'payload'->>'maxWorkloadPercentThreshold' = $4
             ORDER BY id DESC LIMIT 1`,
            [TOPIC, demo.id, String(min), String(max)],
          );
          return rows[0];
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      expect(row.message_key).toBe(demo.id);
      await consumer.connect();
      await consumer.subscribe({ topic: TOPIC, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          received.push({ key: message.key?.toString() ?? '', value: message.value?.toString() ?? '' });
        },
      });
      const published = await pollUntil(
        'the thresholds event on Kafka',
        () => received.find((message) => (JSON.parse(message.value) as { eventId: string }).eventId === row.event_id),
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      expect(published.key).toBe(demo.id);
      expect(JSON.parse(published.value)).toMatchObject({
        type: TOPIC,
        accountId: demo.id,
        organizationId: null,
        payload: { accountId: demo.id, minWorkloadPercentThreshold: min, maxWorkloadPercentThreshold: max },
      });
    } finally {
      await consumer.disconnect();
      await db.end();
    }
  });
});
