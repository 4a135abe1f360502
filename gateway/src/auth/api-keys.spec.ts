import type { Request } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { ApiKeyErrorCode, type ApiKeyPrincipal } from '@infra/contracts';
import { CallerContextSigner, DomainError } from '@infra/platform';
import type { GatewayEnv } from '../gateway.env';
import { Upstreams } from '../routing/upstreams';
import { API_KEY_CACHE_TTL_MS, apiKeyOf, ApiKeyVerifier } from './api-keys';

const secret = (fill: string) => `iak_${fill.repeat(43)}`;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const VALID = secret('v');
const THROTTLED = secret('t');
const principal: ApiKeyPrincipal = {
  keyId: 'key-1',
  accountId: 'account-1',
  organizationId: 'org-1',
  role: 'Admin',
  userId: 'user-1',
  expiresAt: null,
};

describe('apiKeyOf', () => {
  const of = (authorization?: string) =>
    apiKeyOf({ headers: authorization ? { authorization } : {} } as unknown as Request);

  it('takes a bearer token with the iak_ prefix, and nothing else', () => {
    expect(of(`Bearer ${VALID}`)).toBe(VALID);
    expect(of(`bearer ${VALID}`)).toBe(VALID);
    expect(of('Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBeUndefined();
    expect(of(`Basic ${VALID}`)).toBeUndefined();
    expect(of()).toBeUndefined();
  });
});

describe('ApiKeyVerifier (identity look-ups, cached)', () => {
  let server: Server;
  let verifier: ApiKeyVerifier;
  let upstreams: Upstreams;
  const lookups: { hash: string; clientIp: string }[] = [];
  let answerFor: (hash: string) => { status: number; body?: unknown };
  /** The verifier's clock: tests move it instead of waiting, so no answer depends on how fast the machine is. */
  let now = Date.parse('2026-11-27T08:00:00Z');
  const clock = { now: () => now };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(text) as { hash: string; clientIp: string };
        lookups.push(body);
        const { status, body: answer } = answerFor(body.hash);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? {}));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { privateKey } = generateKeyPairSync('ed25519');
    upstreams = new Upstreams({ serviceUrls: () => [url] } as unknown as GatewayEnv);
    verifier = new ApiKeyVerifier(
      upstreams,
      CallerContextSigner.fromBase64(privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')),
      clock,
    );
  });

  beforeEach(() => {
    lookups.length = 0;
    answerFor = (hash) =>
      hash === hashOf(VALID)
        ? { status: 200, body: principal }
        : hash === hashOf(THROTTLED)
          ? { status: 429 }
          : { status: 404 };
  });

  afterAll(async () => {
    await upstreams.onApplicationShutdown();
    await new Promise((resolve) => server.close(resolve));
  });

  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
    );

  it('sends identity only the hash and the client address, and keeps a valid answer', async () => {
    expect(await verifier.verify(VALID, '198.51.100.1')).toEqual(principal);
    expect(await Promise.all([verifier.verify(VALID, '198.51.100.1'), verifier.verify(VALID, '198.51.100.2')])).toEqual(
      [principal, principal],
    );
    expect(lookups).toEqual([{ hash: hashOf(VALID), clientIp: '198.51.100.1' }]);
  });

  it('asks again for every unknown key (each one counts against the client) and answers 401', async () => {
    const unknown = secret('u');
    expect(await codeOf(verifier.verify(unknown, '198.51.100.3'))).toBe(ApiKeyErrorCode.Invalid);
    expect(await codeOf(verifier.verify(unknown, '198.51.100.3'))).toBe(ApiKeyErrorCode.Invalid);
    expect(lookups).toHaveLength(2);
  });

  it('refuses a malformed key without a look-up', async () => {
    expect(await codeOf(verifier.verify('iak_short', '198.51.100.4'))).toBe(ApiKeyErrorCode.Invalid);
    expect(await codeOf(verifier.verify(`${VALID}x`, '198.51.100.4'))).toBe(ApiKeyErrorCode.Invalid);
    expect(lookups).toEqual([]);
  });

  it("passes identity's throttle on as 429", async () => {
    expect(await codeOf(verifier.verify(THROTTLED, '198.51.100.5'))).toBe(ApiKeyErrorCode.Throttled);
  });

  it('keeps a key that is about to expire only until it expires', async () => {
    const expiring = secret('e');
    answerFor = () => ({ status: 200, body: { ...principal, expiresAt: new Date(now + 300).toISOString() } });
    await verifier.verify(expiring, '198.51.100.6');
    now += 299;
    await verifier.verify(expiring, '198.51.100.6');
    expect(lookups).toHaveLength(1);
    now += 2; // past the expiry
    answerFor = () => ({ status: 404 });
    expect(await codeOf(verifier.verify(expiring, '198.51.100.6'))).toBe(ApiKeyErrorCode.Invalid);
    expect(lookups).toHaveLength(2);
  });

  it('keeps a valid answer for the cache TTL, then asks identity again', async () => {
    const key = secret('k');
    answerFor = () => ({ status: 200, body: principal });
    await verifier.verify(key, '198.51.100.7');
    now += API_KEY_CACHE_TTL_MS - 1;
    await verifier.verify(key, '198.51.100.7');
    expect(lookups).toHaveLength(1);
    now += 2; // past the TTL
    answerFor = () => ({ status: 404 });
    expect(await codeOf(verifier.verify(key, '198.51.100.7'))).toBe(ApiKeyErrorCode.Invalid);
    expect(lookups).toHaveLength(2);
  });

  it('forgets a key the moment identity announces its revocation, its creator or its organization', async () => {
    const key = secret('f');
    answerFor = () => ({ status: 200, body: principal });
    await verifier.verify(key, '198.51.100.8');
    verifier.forget({ keyIds: ['another-key'], userIds: ['another-user'] });
    await verifier.verify(key, '198.51.100.8');
    expect(lookups).toHaveLength(1);
    for (const change of [{ keyIds: ['key-1'] }, { userIds: ['user-1'] }, { organizationIds: ['org-1'] }]) {
      verifier.forget(change);
      await verifier.verify(key, '198.51.100.8');
    }
    expect(lookups).toHaveLength(4);
    answerFor = () => ({ status: 404 });
    verifier.forget({ accountIds: ['account-1'] });
    expect(await codeOf(verifier.verify(key, '198.51.100.8'))).toBe(ApiKeyErrorCode.Invalid);
  });
});
