// Attacks on the gateway (hardening issue), replayed against the running product (BASE_URL, E2E_PORT_OFFSET).
// Signing material comes from the environment the product was started with (npm test generates it per run).
import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import Redis from 'ioredis';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN } from '@infra/contracts';
import { CALLER_CONTEXT_HEADER, CallerContext, CallerContextSigner } from '@infra/platform';
import { BASE_URL, call, DEMO_MFA_SECRET, DEMO_USERS, profileOf, tokenFor } from '../e2e/support/api-client';

const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const IDENTITY = `http://127.0.0.1:${3001 + PORT_OFFSET}`;
const METRICS = `http://127.0.0.1:${9464 + PORT_OFFSET}/metrics`;

/** The development keys that were committed to the repository: leaked, so they must never be accepted. */
const LEAKED_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789';
const LEAKED_INTERNAL_CONTEXT_SECRET = 'dev-only-internal-context-secret-change-me';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set to the product's value (npm test passes it)`);
  return value;
}

function accessToken(claims: Record<string, unknown>, key: string | Uint8Array): Promise<string> {
  return new SignJWT({ typ: 'access', sa: false, sid: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ACCESS_TOKEN.issuer)
    .setAudience(ACCESS_TOKEN.audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(typeof key === 'string' ? Buffer.from(key, 'utf8') : key);
}

/** The caller-context format the services accepted before: base64url JSON + HMAC-SHA256. */
function legacyContext(context: CallerContext, secret: string): string {
  const data = Buffer.from(JSON.stringify({ ...context, exp: Math.floor(Date.now() / 1000) + 60 })).toString(
    'base64url',
  );
  return `${data}.${createHmac('sha256', secret).update(data).digest('base64url')}`;
}

function randomSigner(): CallerContextSigner {
  const { privateKey } = generateKeyPairSync('ed25519');
  return CallerContextSigner.fromBase64(privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
}

/** A raw request, so headers and bodies reach the server exactly as written. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('forged tokens (critical)', () => {
  let sysadmin: { id: string; email: string };

  beforeAll(async () => {
    const profile = await profileOf((await tokenFor('sysadmin')).accessToken);
    sysadmin = { id: profile.id, email: profile.email };
  });

  const profileWith = async (token: string) => (await call('GET', 'users/profile', { token })).status;

  it('accepts an access token signed with the product key (control: the forgeries below are well formed)', async () => {
    expect(
      await profileWith(await accessToken({ sub: sysadmin.id, email: sysadmin.email }, required('JWT_SECRET'))),
    ).toBe(200);
  });

  it('refuses a System Admin access token signed with the leaked repository key or a random key (401)', async () => {
    const claims = { sub: sysadmin.id, email: sysadmin.email, sa: true };
    expect(await profileWith(await accessToken(claims, LEAKED_JWT_SECRET))).toBe(401);
    expect(
      await profileWith(
        await accessToken(
          claims,
          new Uint8Array(32).map(() => Math.random() * 256),
        ),
      ),
    ).toBe(401);
    expect((await call('GET', 'accounts', { token: await accessToken(claims, LEAKED_JWT_SECRET) })).status).toBe(401);
  });

  describe('caller context sent straight to a service port', () => {
    const context = (): CallerContext => ({
      userId: sysadmin.id,
      email: sysadmin.email,
      systemAdmin: true,
      accountId: null,
      organizationId: null,
      role: null,
    });
    const atIdentity = (header: string) =>
      raw(`${IDENTITY}/users/profile`, { headers: { [CALLER_CONTEXT_HEADER]: header } });

    it('accepts a context signed with the gateway key for identity (control)', async () => {
      const signer = CallerContextSigner.fromBase64(required('CALLER_CONTEXT_PRIVATE_KEY'));
      expect((await atIdentity(await signer.sign(context(), 'identity'))).status).toBe(200);
    });

    it('refuses a context signed with the leaked HMAC secret, a random key, or for another service (401)', async () => {
      expect((await atIdentity(legacyContext(context(), LEAKED_INTERNAL_CONTEXT_SECRET))).status).toBe(401);
      expect((await atIdentity(await randomSigner().sign(context(), 'identity'))).status).toBe(401);
      const forInventory = await CallerContextSigner.fromBase64(required('CALLER_CONTEXT_PRIVATE_KEY')).sign(
        context(),
        'inventory',
      );
      expect((await atIdentity(forInventory)).status).toBe(401);
    });

    it('ignores a forged context sent through the gateway (the gateway signs its own)', async () => {
      const response = await call('GET', 'users/profile', {
        headers: { [CALLER_CONTEXT_HEADER]: legacyContext(context(), LEAKED_INTERNAL_CONTEXT_SECRET) },
      });
      expect(response.status).toBe(401);
    });
  });
});

describe('CSRF', () => {
  const foreign = 'https://evil.example';

  it('refuses a form-encoded sign-in from a foreign origin (login CSRF): 415', async () => {
    const { email, password } = DEMO_USERS.admin;
    const response = await raw(`${BASE_URL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: foreign },
      body: new URLSearchParams({ email, password }).toString(),
    });
    expect(response.status).toBe(415);
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an Admin invitation posted with the session cookie from a foreign origin: 415 as a form, 403 as JSON', async () => {
    const { accessToken: session } = await tokenFor('admin');
    const profile = await profileOf(session);
    const organizationId = profile.accounts.find((account) => account.role === 'Admin')!.organization[0].id;
    const invitation = { email: `csrf-${randomUUID()}@evil.example`, role: 'Admin' };
    const form = await raw(`${BASE_URL}/api/v1/users`, {
      method: 'POST',
      headers: {
        cookie: `${ACCESS_TOKEN.cookie}=${session}`,
        organizationId,
        origin: foreign,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(invitation).toString(),
    });
    expect(form.status).toBe(415);
    const json = await raw(`${BASE_URL}/api/v1/users`, {
      method: 'POST',
      headers: {
        cookie: `${ACCESS_TOKEN.cookie}=${session}`,
        organizationId,
        origin: foreign,
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      body: JSON.stringify(invitation),
    });
    expect(json.status).toBe(403);
    // The app's own origin still gets through to the service (it then judges the body).
    const own = await raw(`${BASE_URL}/api/v1/users`, {
      method: 'POST',
      headers: {
        cookie: `${ACCESS_TOKEN.cookie}=${session}`,
        organizationId,
        origin: new URL(BASE_URL).origin,
        'content-type': 'application/json',
      },
      body: JSON.stringify({}),
    });
    expect(own.status).toBe(400);
  });

  it('leaves bearer-token clients without cookies alone', async () => {
    const { accessToken: token } = await tokenFor('admin');
    const response = await call('POST', 'users/accept-terms', { token, body: {}, headers: { origin: foreign } });
    expect(response.status).not.toBe(403);
    expect(response.status).not.toBe(415);
  });
});

describe('non-JSON write bodies', () => {
  it.each(['text/plain', 'application/xml', 'multipart/form-data; boundary=x'])('answer 415 for %s', async (type) => {
    const response = await raw(`${BASE_URL}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: '{"email":"a@b.c","password":"x"}',
    });
    expect(response.status).toBe(415);
  });
});

describe('spoofable client address', () => {
  it('does not take the client address from a spoofed X-Forwarded-For (per-IP limit key)', async () => {
    const spoofed = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const response = await raw(`${BASE_URL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': spoofed },
      body: JSON.stringify({ email: `nobody-${randomUUID()}@demo.local`, password: 'wrong-password-123' }),
    });
    expect(response.status).toBe(401);
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      expect(await redis.keys(`*${spoofed}*`)).toEqual([]);
    } finally {
      await redis.quit();
    }
  });
});

describe('5xx on bad input', () => {
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

  it('answers JSON nested 5000 deep with 400, through the gateway and at a service port', async () => {
    for (const url of [`${BASE_URL}/api/v1/auth/token`, `${IDENTITY}/auth/token`]) {
      const response = await raw(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
      expect(response.status).toBe(400);
    }
  });

  // Sign-in and sign-out parse their cookies in identity (see identity.security.test.ts); this is the gateway's parse.
  it('does not fail on a cookie with bad %-encoding at the gateway (401, not 500)', async () => {
    const response = await raw(`${BASE_URL}/api/v1/users/profile`, {
      headers: { cookie: 'refresh_token=%E0%A4%A; access_token=%' },
    });
    expect(response.status).toBe(401);
  });
});

describe('web serving', () => {
  it('answers a missing /static file with a JSON 404', async () => {
    const response = await raw(`${BASE_URL}/static/nonexistent.js`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: 404 });
  });

  it('answers the deep link /assets/{id} (and a former asset path) with the app', async () => {
    for (const path of [`/assets/${randomUUID()}`, '/assets/nonexistent.js']) {
      const response = await raw(`${BASE_URL}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('never serves source maps', async () => {
    const index = (await raw(`${BASE_URL}/`)).body;
    const scripts = [...index.matchAll(/src="([^"]+\.js)"/g)].map(([, src]) => src);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect((await raw(`${BASE_URL}${script}`)).status).toBe(200);
      expect((await raw(`${BASE_URL}${script}.map`)).status).toBe(404);
    }
    expect((await raw(`${BASE_URL}/static/app.js.map`)).status).toBe(404);
  });
});

describe('exposure', () => {
  it('answers /metrics on the public port with 404 and serves it on the internal metrics port', async () => {
    expect((await raw(`${BASE_URL}/metrics`)).status).toBe(404);
    const internal = await raw(METRICS);
    expect(internal.status).toBe(200);
    expect(internal.body).toContain('http_request_duration_seconds');
  });

  it('serves the README page without demo passwords or the TOTP secret', async () => {
    const response = await raw(`${BASE_URL}/docs/readme.html`);
    expect(response.status).toBe(200);
    expect(response.body).toContain('infra-analytics');
    for (const secret of [...Object.values(DEMO_USERS).map((user) => user.password), DEMO_MFA_SECRET])
      expect(response.body).not.toContain(secret);
  });

  it('keeps the API documentation', async () => {
    expect((await raw(`${BASE_URL}/api/docs/`)).status).toBe(200);
  });
});
