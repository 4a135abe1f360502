import { ForbiddenException, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_METADATA, type AccessPolicy, checkAccess } from './access';
import type { CallerContext } from './caller-context';
import { NO_CALLER_CONTEXT } from './caller-context.guard';
const WRITES = new Set([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE]);
const ROOT = path.resolve(__dirname, '../../../..');

function controllerFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return controllerFiles(full);
    return entry.name.endsWith('.controller.ts') ? [full] : [];
  });
}

/** Every route of every service's controllers: where it is, its HTTP method and the decisions declared on it. */
function serviceRoutes(): { route: string; write: boolean; policy?: AccessPolicy; open: boolean }[] {
  const services = readdirSync(path.join(ROOT, 'services'));
  return services.flatMap((service) =>
    controllerFiles(path.join(ROOT, 'services', service, 'src')).flatMap((file) =>
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- every controller class the file exports
      Object.values(require(file) as Record<string, unknown>)
        .filter(
          (value): value is new () => object =>
            typeof value === 'function' && Reflect.hasMetadata(PATH_METADATA, value),
        )
        .flatMap((controller) =>
          Object.getOwnPropertyNames(controller.prototype)
            .map((name) => ({ name, handler: (controller.prototype as Record<string, unknown>)[name] }))
            .filter(({ handler }) => typeof handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, handler))
            .map(({ name, handler }) => {
              const method = Reflect.getMetadata(METHOD_METADATA, handler as object) as RequestMethod;
              return {
                route: `${service} ${controller.name}.${name} (${RequestMethod[method]})`,
                write: WRITES.has(method),
                policy: (Reflect.getMetadata(ACCESS_METADATA, handler as object) ??
                  Reflect.getMetadata(ACCESS_METADATA, controller)) as AccessPolicy | undefined,
                open: Boolean(
                  Reflect.getMetadata(NO_CALLER_CONTEXT, handler as object) ??
                  Reflect.getMetadata(NO_CALLER_CONTEXT, controller),
                ),
              };
            }),
        ),
    ),
  );
}

describe('access policies of the services’ routes', () => {
  const routes = serviceRoutes();

  it('finds the routes (a scan that reads nothing would pass anything)', () => {
    expect(routes.filter((route) => route.write).length).toBeGreaterThan(40);
  });

  it('every write route declares who may call it (or answers without a caller context)', () => {
    expect(routes.filter((route) => route.write && !route.policy && !route.open).map((route) => route.route)).toEqual(
      [],
    );
  });

  it('no route both declares a policy and answers without a caller context (the policy would never be decided)', () => {
    expect(routes.filter((route) => route.policy && route.open).map((route) => route.route)).toEqual([]);
  });
});

describe('checkAccess', () => {
  const refusals = {
    organizationAdmin: () => new Error('admins only'),
    systemAdmin: () => new Error('system admins only'),
  };
  const caller = (role: CallerContext['role'], systemAdmin = false): CallerContext => ({
    userId: 'u',
    systemAdmin,
    accountId: 'a',
    organizationId: 'o',
    role,
  });

  it("refuses a User on an Admin route with the service's own error, before anything reads the body", () => {
    expect(() => checkAccess('organization-admin', caller('User'), 'POST', refusals)).toThrow('admins only');
    expect(() => checkAccess('organization-admin', caller('Admin'), 'POST', refusals)).not.toThrow();
    expect(() => checkAccess('organization-admin', caller('System Admin', true), 'POST', refusals)).not.toThrow();
  });

  it('lets every member through a member route', () => {
    expect(() => checkAccess('organization-member', caller('User'), 'PATCH', refusals)).not.toThrow();
  });

  it('refuses anyone but a System Admin on a System Admin route', () => {
    expect(() => checkAccess('system-admin', caller('Admin'), 'POST', refusals)).toThrow('system admins only');
    expect(() => checkAccess('system-admin', caller('Admin', true), 'DELETE', refusals)).not.toThrow();
  });

  it('refuses a write route that declares no policy (fails closed); a read without one is for members', () => {
    for (const method of ['POST', 'put', 'PATCH', 'DELETE'])
      expect(() => checkAccess(undefined, caller('Admin', true), method, refusals)).toThrow(ForbiddenException);
    expect(() => checkAccess(undefined, caller('User'), 'GET', refusals)).not.toThrow();
  });
});
