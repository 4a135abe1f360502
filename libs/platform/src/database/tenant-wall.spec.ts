import type { DataSource } from 'typeorm';
import {
  acrossTenants,
  currentTenantScope,
  enterCallerScope,
  inOrganization,
  installTenantWall,
  tenantScopeMiddleware,
  tenantWallSql,
} from './tenant-wall';

/** A driver whose pool hands out one connection that records its statements. */
function fakeDataSource({ failSetting = false } = {}) {
  const statements: unknown[][] = [];
  const released: unknown[] = [];
  const client = {
    query: jest.fn(async (text: string, values: unknown[]) => {
      statements.push(values);
      if (failSetting) throw new Error(`connection lost during ${text.slice(0, 20)}`);
    }),
  };
  const driver = {
    obtainMasterConnection: async () => [client, (error?: unknown) => released.push(error ?? 'released')] as const,
  };
  return { dataSource: { driver } as unknown as DataSource, driver, statements, released };
}

describe('the tenant wall', () => {
  it('sets the scope on a connection once, and again only when the scope changes', async () => {
    const { dataSource, driver, statements } = fakeDataSource();
    installTenantWall(dataSource);
    await inOrganization('org-a', () => driver.obtainMasterConnection());
    await inOrganization('org-a', () => driver.obtainMasterConnection());
    await driver.obtainMasterConnection();
    await acrossTenants('wall-test', () => driver.obtainMasterConnection());
    expect(statements).toEqual([
      ['org-a', '', '', ''],
      ['', '', '', ''],
      ['', 'wall-test', '', ''],
    ]);
  });

  it('gives back a connection whose setting failed, with the error, instead of handing it out unset', async () => {
    const { dataSource, driver, released } = fakeDataSource({ failSetting: true });
    installTenantWall(dataSource);
    await expect(inOrganization('org-a', () => driver.obtainMasterConnection())).rejects.toThrow(/connection lost/);
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
  });

  it('starts each request outside any organization and enters the one the guard verified', async () => {
    const seen = await new Promise<unknown[]>((resolve) => {
      tenantScopeMiddleware({} as never, {} as never, () => {
        const before = currentTenantScope().organizationId;
        enterCallerScope({ organizationId: 'org-b', accountId: 'acc-b', userId: 'user-b', systemAdmin: false });
        // What the handler runs later, in the same request, sees the organization.
        setImmediate(() => resolve([before, currentTenantScope().organizationId]));
      });
    });
    expect(seen).toEqual([null, 'org-b']);
    expect(currentTenantScope()).toEqual({ organizationId: null, accountId: null, userId: null, across: null });
  });

  it("enters the caller's account and user on an account wall, and every account for a System Admin", () => {
    const scopeOf = (systemAdmin: boolean) =>
      new Promise<unknown>((resolve) => {
        tenantScopeMiddleware({} as never, {} as never, () => {
          enterCallerScope({ organizationId: 'org-b', accountId: 'acc-b', userId: 'user-b', systemAdmin }, 'account');
          resolve({ ...currentTenantScope() });
        });
      });
    return Promise.all([
      expect(scopeOf(false)).resolves.toEqual({
        organizationId: 'org-b',
        accountId: 'acc-b',
        userId: 'user-b',
        across: null,
      }),
      expect(scopeOf(true)).resolves.toMatchObject({ across: 'system-admin' }),
    ]);
  });

  it('forces row-level security on each table with one policy on organization_id', () => {
    const statements = tenantWallSql(['assets']).join('\n');
    expect(statements).toContain('ALTER TABLE "assets" ENABLE ROW LEVEL SECURITY');
    expect(statements).toContain('ALTER TABLE "assets" FORCE ROW LEVEL SECURITY');
    expect(statements).toMatch(/CREATE POLICY tenant_wall ON "assets"\s+USING \(organization_id = \(SELECT/);
  });
});
