import { Body, Controller, ForbiddenException, Get, INestApplication, Post } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { ed25519KeyFromBase64 } from '../config/keys';
import { Access } from './access';
import { ACCESS_REFUSALS, Caller, CallerContextGuard, NoCallerContext, TENANT_WALL_KIND } from './caller-context.guard';
import {
  CALLER_CONTEXT_HEADER,
  CALLER_CONTEXT_ISSUER,
  CallerContext,
  CallerContextSigner,
  CallerContextVerifier,
} from './caller-context';

function keyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

const keys = keyPair();
const signer = CallerContextSigner.fromBase64(keys.privateKey);
const verifier = CallerContextVerifier.fromBase64(keys.publicKey, 'inventory');
const context: CallerContext = {
  userId: 'user-1',
  email: 'user@example.com',
  systemAdmin: false,
  accountId: 'account-1',
  organizationId: 'org-1',
  role: 'Admin',
};

describe('signed caller context (EdDSA)', () => {
  it('round-trips a context signed by the gateway for this service', async () => {
    expect(await verifier.verify(await signer.sign(context, 'inventory'))).toEqual(context);
  });

  it('carries the API key of a key-authenticated request, and only then', async () => {
    const byKey = { ...context, apiKeyId: 'key-1' };
    expect(await verifier.verify(await signer.sign(byKey, 'inventory'))).toEqual(byKey);
    const plain = await verifier.verify(await signer.sign(context, 'inventory'));
    expect(plain).not.toHaveProperty('apiKeyId');
    const notText = await new SignJWT({ sa: false, acc: null, org: null, role: null, apk: 42 })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('user-1')
      .setIssuer(CALLER_CONTEXT_ISSUER)
      .setAudience('inventory')
      .setExpirationTime('1m')
      .sign(ed25519KeyFromBase64(keys.privateKey, 'private'));
    expect(await verifier.verify(notText)).toBeUndefined();
  });

  it('refuses a context minted for another service (audience)', async () => {
    expect(await verifier.verify(await signer.sign(context, 'identity'))).toBeUndefined();
  });

  it('refuses another key pair, a tampered payload, an expired token and garbage', async () => {
    const other = CallerContextSigner.fromBase64(keyPair().privateKey);
    expect(await verifier.verify(await other.sign(context, 'inventory'))).toBeUndefined();
    const token = await signer.sign(context, 'inventory');
    const [header, payload, signature] = token.split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sa: true }),
    ).toString('base64url');
    expect(await verifier.verify(`${header}.${raised}.${signature}`)).toBeUndefined();
    expect(await verifier.verify(await signer.sign(context, 'inventory', -10))).toBeUndefined();
    expect(await verifier.verify('not-a-token')).toBeUndefined();
    expect(await verifier.verify(`${token}.extra`)).toBeUndefined();
    expect(await verifier.verify(undefined)).toBeUndefined();
  });

  it('refuses the old HMAC format and an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const data = Buffer.from(JSON.stringify({ ...context, exp: Math.floor(Date.now() / 1000) + 60 })).toString(
      'base64url',
    );
    const legacy = `${data}.${createHmac('sha256', 'dev-only-internal-context-secret-change-me').update(data).digest('base64url')}`;
    expect(await verifier.verify(legacy)).toBeUndefined();
    const confused = await new SignJWT({ sa: true, acc: null, org: null, role: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer(CALLER_CONTEXT_ISSUER)
      .setAudience('inventory')
      .setExpirationTime('1m')
      .sign(Buffer.from(keys.publicKey, 'base64'));
    expect(await verifier.verify(confused)).toBeUndefined();
  });

  it('refuses a context with a role outside the role list', async () => {
    const bogus = await signer.sign({ ...context, role: 'Owner' as never }, 'inventory');
    expect(await verifier.verify(bogus)).toBeUndefined();
  });

  it('refuses a private key where a public key belongs, and the reverse', () => {
    expect(() => CallerContextVerifier.fromBase64(keys.privateKey, 'inventory')).toThrow();
    expect(() => CallerContextSigner.fromBase64(keys.publicKey)).toThrow();
  });
});

@Controller()
class ProbeController {
  @Get('whoami')
  whoami(@Caller() caller: CallerContext): CallerContext {
    return caller;
  }

  @NoCallerContext()
  @Get('open')
  open(): { open: true } {
    return { open: true };
  }

  /** Counts the bodies that reached a handler: a refused caller's never does. */
  static written = 0;

  @Post('admin-write')
  @Access('organization-admin')
  adminWrite(@Body() body: unknown): { written: true } {
    ProbeController.written += body ? 1 : 0;
    return { written: true };
  }

  @Post('undeclared-write')
  undeclaredWrite(): { written: true } {
    ProbeController.written += 1;
    return { written: true };
  }
}

describe('CallerContextGuard (every service route)', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ProbeController],
      providers: [
        { provide: CallerContextVerifier, useValue: verifier },
        { provide: ACCESS_REFUSALS, useValue: { organizationAdmin: () => new ForbiddenException('Admins only') } },
        { provide: TENANT_WALL_KIND, useValue: 'organization' },
        { provide: APP_GUARD, useClass: CallerContextGuard },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(() => app.close());

  it('refuses a request without a signed context (a call that bypassed the gateway)', async () => {
    expect((await fetch(`${base}/whoami`)).status).toBe(401);
    const forged = await fetch(`${base}/whoami`, {
      headers: {
        [CALLER_CONTEXT_HEADER]: await CallerContextSigner.fromBase64(keyPair().privateKey).sign(context, 'inventory'),
      },
    });
    expect(forged.status).toBe(401);
  });

  it('hands the verified context to the handler', async () => {
    const response = await fetch(`${base}/whoami`, {
      headers: { [CALLER_CONTEXT_HEADER]: await signer.sign(context, 'inventory') },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(context);
  });

  it('lets routes marked @NoCallerContext through', async () => {
    expect((await fetch(`${base}/open`)).status).toBe(200);
  });

  it("decides the route's access policy: a User is refused an Admin write before its handler runs", async () => {
    const post = async (path: string, role: CallerContext['role']) =>
      fetch(`${base}/${path}`, {
        method: 'POST',
        headers: {
          [CALLER_CONTEXT_HEADER]: await signer.sign({ ...context, role }, 'inventory'),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ tags: [] }),
      });
    ProbeController.written = 0;
    const refused = await post('admin-write', 'User');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Admins only');
    expect(ProbeController.written).toBe(0);
    expect((await post('admin-write', 'Admin')).status).toBe(201);
    expect(ProbeController.written).toBe(1);
    // A write route that declares no policy is refused to everyone, a System Admin too.
    expect((await post('undeclared-write', 'System Admin')).status).toBe(403);
    expect(ProbeController.written).toBe(1);
  });
});
