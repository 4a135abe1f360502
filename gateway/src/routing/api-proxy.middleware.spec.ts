import type { NextFunction, Request, Response } from 'express';
import { ForbiddenException } from '@nestjs/common';
import { generateKeyPairSync } from 'node:crypto';
import { ApiKeyErrorCode, type ApiKeyPrincipal } from '@infra/contracts';
import { CallerContextSigner, CallerContextVerifier, DomainError } from '@infra/platform';
import type { ApiKeyVerifier } from '../auth/api-keys';
import type { RevokedSessions } from '../auth/revoked-sessions';
import type { TenancyService } from '../auth/tenancy.service';
import type { IdempotencyScope } from '../idempotency/idempotency.store';
import type { IdempotentForwarder } from '../idempotency/idempotent-forwarder';
import { ApiProxyMiddleware, withoutOrganizationQuery } from './api-proxy.middleware';
import type { ProxyService } from './proxy.service';
import { planned, ROUTE_TABLE, RouteMatcher, type RouteRule } from './route-table';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const signer = CallerContextSigner.fromBase64(privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
const spki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

const SECRET = `iak_${'a'.repeat(43)}`;
const KEY: ApiKeyPrincipal = {
  keyId: 'key-1',
  accountId: 'account-1',
  organizationId: '11111111-1111-4111-8111-111111111111',
  role: 'User',
  userId: 'creator-1',
  expiresAt: null,
};

interface Forwarded {
  service: string;
  path: string;
  context?: string;
  /** Set when the request went through the idempotent forwarder (every authenticated route). */
  scope?: IdempotencyScope;
}

function middleware(principal: ApiKeyPrincipal = KEY, rules: readonly RouteRule[] = ROUTE_TABLE) {
  const forwarded: Forwarded[] = [];
  const verified: { secret: string; clientIp: string }[] = [];
  const proxy = {
    forward: (_req: Request, _res: Response, service: string, path: string, context?: string) => {
      forwarded.push({ service, path, context });
      return Promise.resolve();
    },
  } as unknown as ProxyService;
  const apiKeys = {
    verify: (secret: string, clientIp: string) => {
      verified.push({ secret, clientIp });
      return Promise.resolve(principal);
    },
  } as unknown as ApiKeyVerifier;
  const refuse = () => Promise.reject(new Error('a key request must not reach the session checks'));
  const tenancy = { membership: refuse } as unknown as TenancyService;
  const revoked = { isRevoked: refuse } as unknown as RevokedSessions;
  const idempotent = {
    forward: (
      _req: Request,
      _res: Response,
      service: string,
      path: string,
      context: string,
      scope: IdempotencyScope,
    ) => {
      forwarded.push({ service, path, context, scope });
      return Promise.resolve();
    },
  } as unknown as IdempotentForwarder;
  const proxyMiddleware = new ApiProxyMiddleware(
    new RouteMatcher(rules),
    proxy,
    tenancy,
    signer,
    revoked,
    apiKeys,
    idempotent,
  );
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    proxyMiddleware.use(
      {
        method,
        originalUrl: `/api/v1/${path}`,
        headers: { authorization: `Bearer ${SECRET}`, ...headers },
        ip: '203.0.113.7',
      } as unknown as Request,
      { locals: {}, setHeader: () => undefined } as unknown as Response,
      (() => undefined) as NextFunction,
    );
  return { send, forwarded, verified };
}

async function codeOf(request: Promise<void>): Promise<string> {
  const error = await request.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return error instanceof DomainError ? error.code : `not a domain error: ${String(error)}`;
}

describe('API keys at the gateway', () => {
  it("forwards an organization route in the key's organization, header or not, with the key in the context", async () => {
    const { send, forwarded, verified } = middleware();
    await send('GET', 'assets');
    await send('GET', 'assets', { organizationid: KEY.organizationId });
    expect(verified).toEqual([
      { secret: SECRET, clientIp: '203.0.113.7' },
      { secret: SECRET, clientIp: '203.0.113.7' },
    ]);
    expect(forwarded.map(({ service, path }) => `${service} ${path}`)).toEqual([
      'inventory /assets',
      'inventory /assets',
    ]);
    // Idempotency-Keys of a key's requests are the key's own, in its organization.
    expect(forwarded[0].scope).toEqual({ caller: 'api-key:key-1', organizationId: KEY.organizationId });
    const context = await CallerContextVerifier.fromBase64(spki, 'inventory').verify(forwarded[0].context);
    expect(context).toEqual({
      userId: 'creator-1',
      systemAdmin: false,
      accountId: 'account-1',
      organizationId: KEY.organizationId,
      role: 'User',
      apiKeyId: 'key-1',
    });
  });

  it("refuses the gateway's own look-up across organizations (a key acts in its one organization)", async () => {
    const { send, forwarded } = middleware();
    expect(await codeOf(send('GET', 'locate/asset/33333333-3333-4333-8333-333333333333'))).toBe(
      ApiKeyErrorCode.RouteNotAllowed,
    );
    expect(forwarded).toEqual([]);
  });

  it('refuses another organization named in the header (403)', async () => {
    const { send, forwarded } = middleware();
    expect(await codeOf(send('GET', 'assets', { organizationid: '22222222-2222-4222-8222-222222222222' }))).toBe(
      ApiKeyErrorCode.WrongOrganization,
    );
    expect(forwarded).toEqual([]);
  });

  it("applies the key's role to minRole (a User key cannot PUT assets)", async () => {
    const { send, forwarded } = middleware();
    await expect(send('PUT', 'assets')).rejects.toMatchObject({ status: 403 });
    expect(forwarded).toEqual([]);
    const admin = middleware({ ...KEY, role: 'Admin' });
    await admin.send('PUT', 'assets');
    expect(admin.forwarded).toHaveLength(1);
  });

  it('refuses user routes (profile, accounts, the keys themselves) to a key', async () => {
    const { send, forwarded } = middleware();
    for (const path of ['users/profile', 'accounts', `accounts/${KEY.accountId}/api-keys`]) {
      expect(await codeOf(send('GET', path))).toBe(ApiKeyErrorCode.RouteNotAllowed);
    }
    expect(forwarded).toEqual([]);
  });

  it('answers a planned route (in the spec, not served yet) 501 after the usual checks, and forwards nothing', async () => {
    const rules = [
      planned({ method: 'GET', path: 'reports', service: 'analytics', access: 'organization', minRole: 'Admin' }),
    ];
    const user = middleware(KEY, rules);
    await expect(user.send('GET', 'reports')).rejects.toMatchObject({ status: 403 });
    const admin = middleware({ ...KEY, role: 'Admin' }, rules);
    await expect(admin.send('GET', 'reports')).rejects.toMatchObject({
      status: 501,
      message: 'GET /api/v1/reports is planned but not implemented yet by the analytics service',
    });
    expect([...user.forwarded, ...admin.forwarded]).toEqual([]);
  });

  it('serves public routes as to anyone: no look-up, no caller context', async () => {
    const { send, forwarded, verified } = middleware();
    await send('GET', 'auth/health');
    expect(verified).toEqual([]);
    expect(forwarded).toEqual([{ service: 'identity', path: '/auth/health', context: undefined }]);
  });
});

describe('withoutOrganizationQuery', () => {
  const org = '11111111-1111-4111-8111-111111111111';

  it('removes the organizationId the request acts in and keeps the rest of the query as sent', () => {
    expect(withoutOrganizationQuery(`/tags/import?organizationId=${org}&fileName=a.csv`, org)).toBe(
      '/tags/import?fileName=a.csv',
    );
    expect(withoutOrganizationQuery(`/tags?organizationId=${org}`, org)).toBe('/tags');
    expect(withoutOrganizationQuery('/tags?tagIds=a%7Cb', org)).toBe('/tags?tagIds=a%7Cb');
    expect(withoutOrganizationQuery(`/tags?tagIds=a%7Cb&organizationId=${org}`, org)).toBe('/tags?tagIds=a%7Cb');
    expect(withoutOrganizationQuery('/tags', org)).toBe('/tags');
  });

  it('refuses another organization in the query (403)', () => {
    expect(() => withoutOrganizationQuery(`/tags?organizationId=22222222-2222-4222-8222-222222222222`, org)).toThrow(
      ForbiddenException,
    );
    expect(() => withoutOrganizationQuery(`/tags?organizationId=${org}&organizationId=x`, org)).toThrow(
      ForbiddenException,
    );
  });
});
