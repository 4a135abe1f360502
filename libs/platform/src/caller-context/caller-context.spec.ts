import { Controller, Get, INestApplication } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Caller, CallerContextGuard, INTERNAL_CONTEXT_SECRET, NoCallerContext } from './caller-context.guard';
import { CALLER_CONTEXT_HEADER, CallerContext, signCallerContext, verifyCallerContext } from './caller-context';

const SECRET = 'a-test-secret-that-is-long-enough-0001';
const context: CallerContext = {
  userId: 'user-1',
  systemAdmin: false,
  accountId: 'account-1',
  organizationId: 'org-1',
  role: 'Admin',
};

describe('signed caller context', () => {
  it('round-trips a context signed with the shared secret', () => {
    expect(verifyCallerContext(signCallerContext(context, SECRET), SECRET)).toEqual(context);
  });

  it('rejects another secret, a tampered payload, an expired token and garbage', () => {
    const token = signCallerContext(context, SECRET);
    expect(verifyCallerContext(token, 'another-secret-that-is-long-enough-02')).toBeUndefined();
    const [data, signature] = token.split('.');
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(data, 'base64url').toString()), role: 'System Admin' }),
    ).toString('base64url');
    expect(verifyCallerContext(`${tampered}.${signature}`, SECRET)).toBeUndefined();
    expect(verifyCallerContext(signCallerContext(context, SECRET, -1), SECRET)).toBeUndefined();
    expect(verifyCallerContext('not-a-token', SECRET)).toBeUndefined();
    expect(verifyCallerContext(`${token}.extra`, SECRET)).toBeUndefined();
    expect(verifyCallerContext(undefined, SECRET)).toBeUndefined();
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
}

describe('CallerContextGuard (every service route)', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ProbeController],
      providers: [
        { provide: INTERNAL_CONTEXT_SECRET, useValue: SECRET },
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
      headers: { [CALLER_CONTEXT_HEADER]: signCallerContext(context, 'wrong-secret-wrong-secret-wrong-sec') },
    });
    expect(forged.status).toBe(401);
  });

  it('hands the verified context to the handler', async () => {
    const response = await fetch(`${base}/whoami`, {
      headers: { [CALLER_CONTEXT_HEADER]: signCallerContext(context, SECRET) },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(context);
  });

  it('lets routes marked @NoCallerContext through', async () => {
    expect((await fetch(`${base}/open`)).status).toBe(200);
  });
});
