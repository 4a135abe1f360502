// Attacks on sign-in, sessions, MFA and password reset (hardening issue), replayed against the running product.
// Counters live in the product's Redis (REDIS_URL): each test clears them afterwards so the lockouts it
// provokes do not leak into other suites.
import { authenticator } from 'otplib';
import { pollUntil } from '@infra/platform/testing';
import { ApiResponse, BASE_URL, call, DEMO_MFA_SECRET, DEMO_USERS, tokenFor } from '../e2e/support/api-client';
import { clearThrottles } from '../e2e/support/throttles';

jest.setTimeout(120_000);

const LOCKED_OUT = 'Too many sign-in attempts. Try again later.';
/** Forgets every sign-in, MFA and reset counter (today's and the keys the product used before the fix). */
const clearSessionThrottles = () => clearThrottles('throttle:*', 'login:fail:*');

afterEach(clearSessionThrottles);
afterAll(clearSessionThrottles);

function cookiesFrom(response: ApiResponse): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((cookie) => cookie.split(';')[0].split('=') as [string, string]),
  );
}

const step = (at = Date.now()) => Math.floor(at / 30_000);
let lastUsedStep = 0;

/** A TOTP code of a step no test here used yet: the product accepts each code once. */
async function unusedTotp(): Promise<string> {
  await pollUntil('a TOTP step not used yet', () => step() > lastUsedStep, { timeoutMs: 35_000, intervalMs: 250 });
  lastUsedStep = step();
  return authenticator.generate(DEMO_MFA_SECRET);
}

async function mfaUserToken(): Promise<string> {
  return (await tokenFor('mfa')).accessToken;
}

describe('Lockout race', () => {
  it('checks at most 5 of 40 concurrent wrong passwords, then refuses even the right one with 429', async () => {
    const { email, password } = DEMO_USERS.acme;
    const attempts = Array.from({ length: 40 }, (_, i) =>
      call('POST', '/api/login', { body: { email, password: `wrong-password-${i}` } }),
    );
    attempts.push(call('POST', '/api/login', { body: { email, password } }));
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - checked.length);
    const afterwards = await call<{ message: string }>('POST', '/api/login', { body: { email, password } });
    expect(afterwards.status).toBe(429);
    expect(afterwards.body.message).toBe(LOCKED_OUT);
  });
});

describe('TOTP replay and MFA brute force', () => {
  it('accepts a TOTP code once, even when it is sent three times at once', async () => {
    const { email, password } = DEMO_USERS.mfa;
    // Other suites sign the same demo user in concurrently and may take a step first: then all three are
    // refused (still never more than one accepted) and the attempt is repeated with the next step.
    for (let attempt = 1; ; attempt += 1) {
      const code = await unusedTotp();
      const concurrent = await Promise.all(
        [1, 2, 3].map(() => call('POST', '/api/login', { body: { email, password, code } })),
      );
      const statuses = concurrent.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      if (statuses[0] === 200 || attempt === 3) {
        expect(statuses).toEqual([200, 401, 401]);
        expect((await call('POST', 'auth/token', { body: { email, password, code } })).status).toBe(401);
        return;
      }
      await clearSessionThrottles();
    }
  });

  it('evaluates at most 5 wrong codes on disable-mfa, then refuses even a valid code with 429', async () => {
    const token = await mfaUserToken();
    const wrongCodes = Array.from({ length: 100 }, (_, i) => String(100_000 + i * 7919).slice(0, 6));
    const statuses = (
      await Promise.all(wrongCodes.map((code) => call('POST', 'users/disable-mfa', { token, body: { code } })))
    ).map((response) => response.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
    const valid = await call('POST', 'users/disable-mfa', { token, body: { code: await unusedTotp() } });
    expect(valid.status).toBe(429);
  });

  it('evaluates at most 5 wrong codes on verify-mfa (enrolment), then refuses even the valid code with 429', async () => {
    // A user without MFA: the enrolment stays pending, since no code is ever accepted.
    const { accessToken: token } = await tokenFor('user');
    const enrol = await call<{ secret: string }>('GET', 'users/enroll-mfa', { token });
    expect(enrol.status).toBe(200);
    const { secret } = enrol.body;
    // Never a code the fresh secret would accept now (the product allows one step of drift either way).
    const nearby = authenticator.clone({ window: 2 });
    const wrongCodes = Array.from({ length: 100 }, (_, i) => String(100_000 + i * 7919).slice(0, 6)).filter(
      (code) => !nearby.check(code, secret),
    );
    const statuses = (
      await Promise.all(wrongCodes.map((code) => call('POST', 'users/verify-mfa', { token, body: { code } })))
    ).map((response) => response.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(wrongCodes.length - 5);
    const valid = await call('POST', 'users/verify-mfa', { token, body: { code: authenticator.generate(secret) } });
    expect(valid.status).toBe(429);
  });

  it('throttles wrong codes at sign-in per user', async () => {
    const { email, password } = DEMO_USERS.mfa;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await call('POST', 'auth/token', { body: { email, password, code: '000000' } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});

describe('Open redirect', () => {
  const bypasses = [
    '/\\evil.example',
    '%2F%5Cevil.example',
    '//evil.example',
    '/%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/\tevil.example',
    '/%09/evil.example',
    '/%0D%0A/evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/api/logout',
  ];

  it.each(bypasses)('sends a signed-in browser home for returnTo=%s', async (bypass) => {
    const login = await call('POST', '/api/login', { body: DEMO_USERS.user });
    const { refresh_token: refresh } = cookiesFrom(login);
    const query = bypass.includes('%') ? bypass : encodeURIComponent(bypass);
    const renewed = await call('GET', `/api/login?returnTo=${query}`, {
      headers: { cookie: `refresh_token=${refresh}` },
    });
    expect(renewed.status).toBe(302);
    expect(renewed.headers.get('location')).toBe('/');
  });

  it('still returns to a same-site page', async () => {
    const { refresh_token: refresh } = cookiesFrom(await call('POST', '/api/login', { body: DEMO_USERS.user }));
    const renewed = await call('GET', `/api/login?returnTo=${encodeURIComponent('/assets/a1?x=2')}`, {
      headers: { cookie: `refresh_token=${refresh}` },
    });
    expect(renewed.headers.get('location')).toBe('/assets/a1?x=2');
  });
});

describe('Spoofable client address', () => {
  it('counts sign-ins of one client together, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 52; i += 1) {
      const response = await call('POST', '/api/login', {
        body: { email: `spoof-${i}-${Date.now()}@nowhere.local`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
  });
});

describe('Reset-password enumeration and flooding', () => {
  it('accepts at most 3 reset requests for one email, then 429', async () => {
    const email = encodeURIComponent(DEMO_USERS.user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await call('GET', `users/reset-password?email=${email}`)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
  });

  it('accepts at most 20 reset requests from one client, whatever the emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const email = encodeURIComponent(`flood-${i}-${Date.now()}@nowhere.local`);
      statuses.push((await call('GET', `users/reset-password?email=${email}`)).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('refuses an invalid email with 400 before doing any work', async () => {
    expect((await call('GET', 'users/reset-password?email=not-an-email')).status).toBe(400);
  });
});

describe('5xx on bad input', () => {
  const badCookie = 'refresh_token=%E0%A4%A; access_token=%zz';

  it('sends a browser with a badly encoded cookie to the sign-in page', async () => {
    const response = await call('GET', '/api/login', { headers: { cookie: badCookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/signin');
  });

  it('signs out despite a planted, badly encoded cookie', async () => {
    // The app's own origin: the gateway refuses cookie-carrying writes from any other (CSRF).
    const response = await call('POST', '/api/logout', {
      headers: { cookie: badCookie, origin: new URL(BASE_URL).origin },
    });
    expect(response.status).toBe(204);
  });
});

describe('Weak passwords', () => {
  it.each([
    ['12 spaces', ' '.repeat(12)],
    ['a common password', 'qwerty123456'],
    ['too short', 'Short-1'],
    ['129 characters', 'Long-password-'.repeat(10).slice(0, 129)],
  ])('refuses %s as a new password', async (_label, password) => {
    const response = await call<{ code: string }>('POST', 'users/reset-password', {
      body: { token: 'a'.repeat(43), password },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toMatch(/^PASSWORD_/);
  });
});

describe('Exposure', () => {
  it('marks token answers Cache-Control: no-store', async () => {
    const login = await call('POST', '/api/login', { body: DEMO_USERS.user });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const token = await call<{ refreshToken: string }>('POST', 'auth/token', { body: DEMO_USERS.user });
    expect(token.headers.get('cache-control')).toBe('no-store');
    const refresh = await call('POST', 'auth/refresh', { body: { refreshToken: token.body.refreshToken } });
    expect(refresh.status).toBe(200);
    expect(refresh.headers.get('cache-control')).toBe('no-store');
  });

  it('does not sign out on GET (a link or image elsewhere must not end the session)', async () => {
    const { refresh_token: refresh } = cookiesFrom(await call('POST', '/api/login', { body: DEMO_USERS.user }));
    const byGet = await call('GET', '/api/logout', { headers: { cookie: `refresh_token=${refresh}` } });
    expect(byGet.status).toBeGreaterThanOrEqual(400);
    const renewed = await call('GET', '/api/login', { headers: { cookie: `refresh_token=${refresh}` } });
    expect(renewed.headers.get('location')).toBe('/');
  });
});
