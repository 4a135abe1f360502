import { RequestMethod } from '@nestjs/common';
import { HEADERS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { Request, Response } from 'express';
import type { IdentityEnv } from '../identity.env';
import { SessionController } from './session.controller';
import type { SessionService } from './session.service';

type Handler = keyof SessionController;
const handlers = Object.getOwnPropertyNames(SessionController.prototype).filter(
  (name) => name !== 'constructor',
) as Handler[];
const route = (name: Handler) => {
  const handler = SessionController.prototype[name] as unknown as object;
  return {
    path: Reflect.getMetadata(PATH_METADATA, handler) as string | undefined,
    method: Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined,
    headers: (Reflect.getMetadata(HEADERS_METADATA, handler) ?? []) as { name: string; value: string }[],
  };
};

describe('SessionController', () => {
  it('takes the client address from Express (trust proxy), never from a client-sent X-Forwarded-For', async () => {
    const login = jest.fn(() => Promise.resolve({ mfaRequired: true as const }));
    const controller = new SessionController({ login } as unknown as SessionService, {} as IdentityEnv);
    const req = { ip: '198.51.100.7', headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' } } as unknown as Request;
    await controller.login({ email: 'a@b.io', password: 'pw' }, req, {} as Response);
    await controller.token({ email: 'a@b.io', password: 'pw' }, req).catch(() => undefined);
    expect(login).toHaveBeenNthCalledWith(1, 'a@b.io', 'pw', undefined, '198.51.100.7');
    expect(login).toHaveBeenNthCalledWith(2, 'a@b.io', 'pw', undefined, '198.51.100.7');
  });

  it('signs out by POST only', () => {
    const logoutRoutes = handlers.map(route).filter((r) => r.path === 'session/logout');
    expect(logoutRoutes.map((r) => r.method)).toEqual([RequestMethod.POST]);
  });

  it.each(['login', 'token', 'refresh'] as Handler[])('marks the %s answer Cache-Control: no-store', (name) => {
    expect(route(name).headers).toContainEqual({ name: 'Cache-Control', value: 'no-store' });
  });
});
