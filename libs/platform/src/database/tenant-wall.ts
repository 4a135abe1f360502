import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { PoolClient } from 'pg';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Row-level security, the second wall behind every query's own `organization_id` filter (issue 23). Each tenant table
 * has a forced policy that shows a session only the rows of the organization in `app.organization_id`
 * (`tenantWallSql`). This module sets that setting, from the caller context, on every connection a query takes from
 * the pool, so a query that forgets its filter returns nothing of another organization instead of everything.
 *
 * A query outside any organization (no caller organization, a job without one) sees no tenant row at all. The few
 * reads and writes that must span organizations say so by name (`acrossTenants`), and this list is all of them.
 */
export const CROSS_TENANT_PATHS = {
  migrations: 'schema changes and data migrations, run by the migration role',
  'asset-limit': "inventory counts an account's assets over all its organizations (the plan's asset limit)",
  locate: "inventory finds which of the caller's organizations holds a shared link's entity",
  'aws-sync-all': 'inventory lists the organizations with an AWS integration to queue their hourly sync',
  'import-rerun':
    'tagging: an operator queues a failed import again, named by its id alone (it finds the organization)',
  'tag-import-sweep': "tagging lists every organization's unfinished imports to queue again those Redis lost",
  republish:
    "inventory lists the organizations with assets or collections, to publish them again (the operator's --all)",
  'rollup-sweep': 'analytics lists the organizations with days pending a roll-up, to queue their roll-ups again',
  'periods-sweep': 'analytics lists the organizations with telemetry, to redo their period sums when the windows move',
  'measure-sweep': 'analytics lists the business events of every organization due a measurement',
  'account-thresholds': "analytics stores an account's workload thresholds and marks each of its organizations' days",
  'peer-unit-cost': "analytics compares an asset's unit cost with its instance type's over the account's organizations",
  'pipeline-metrics':
    "analytics counts every organization's rows waiting for a roll-up and the age of its newest sample (/metrics)",
  'telemetry-partitions': "analytics moves every organization's samples the default partition caught into their month",
  'system-admin':
    "identity: a System Admin manages every account (the account lists, any account's members, keys, log)",
  'api-key-verify': 'identity: the gateway finds whom a presented API key acts as, by its hash alone',
  'demo-data': "identity: `npm start`'s demo accounts, organizations and members (never in production)",
  invitee: "identity: the invitations sent to the caller's email from any account, and joining the one they accept",
  'wall-test': 'tests that compare what the wall shows with every row',
} as const;
export type CrossTenantPath = keyof typeof CROSS_TENANT_PATHS;

export interface TenantScope {
  organizationId: string | null;
  /** identity's wall (`accountWallSql`): the caller's account, whose rows the session may see. */
  accountId: string | null;
  /** identity's wall: the user whose accounts (their memberships') the session may see. */
  userId: string | null;
  across: CrossTenantPath | null;
}

const NO_SCOPE: TenantScope = { organizationId: null, accountId: null, userId: null, across: null };

const storage = new AsyncLocalStorage<TenantScope>();

/** What the wall lets the current request, message or job see. */
export function currentTenantScope(): TenantScope {
  return storage.getStore() ?? NO_SCOPE;
}

/** Runs `work` in a scope taken earlier with `currentTenantScope` (work deferred to the end of a transaction). */
export function inTenantScope<T>(scope: TenantScope, work: () => T): T {
  return storage.run({ ...scope }, work);
}

/**
 * Runs `work` as the organization (null: no organization, so no tenant row is visible); `accountId`, its account, is
 * what identity's wall reads (a consumer of an event that names both).
 */
export function inOrganization<T>(organizationId: string | null, work: () => T, accountId: string | null = null): T {
  return storage.run({ ...NO_SCOPE, organizationId, accountId }, work);
}

/** identity: runs `work` as the user, who sees the rows of the accounts they belong to (sign-in, a reset link). */
export function asUser<T>(userId: string, work: () => T): T {
  return storage.run({ ...NO_SCOPE, userId }, work);
}

/** Runs `work` on every organization's rows: only for the named paths of CROSS_TENANT_PATHS. */
export function acrossTenants<T>(path: CrossTenantPath, work: () => T): T {
  return storage.run({ ...NO_SCOPE, across: path }, work);
}

/**
 * Runs `work` across organizations inside a transaction already open as one organization (its connection carries
 * that organization): the setting changes for this transaction only, and is restored when `work` is done.
 */
export async function acrossTenantsInTransaction<T>(
  manager: { query(text: string, values?: unknown[]): Promise<unknown> },
  path: CrossTenantPath,
  work: () => Promise<T>,
): Promise<T> {
  const previous = currentTenantScope().across ?? '';
  await manager.query(`SELECT set_config('app.across_tenants', $1, true)`, [path]);
  try {
    return await work();
  } finally {
    await manager.query(`SELECT set_config('app.across_tenants', $1, true)`, [previous]);
  }
}

/**
 * Express middleware: each request starts outside any organization; the caller-context guard enters the caller's
 * scope once the gateway's signature is verified (`enterCallerScope`).
 */
export function tenantScopeMiddleware(_req: Request, _res: Response, next: NextFunction): void {
  storage.run({ ...NO_SCOPE }, next);
}

/**
 * Which rows a service's wall keys on: `organization` (every service but identity), or `account` (identity, whose
 * data belongs to accounts and whose callers act across their accounts: `accountWallSql`).
 */
export type TenantWallKind = 'organization' | 'account';

/** A verified caller, as far as the wall reads it. */
interface ScopedCaller {
  organizationId: string | null;
  accountId: string | null;
  userId: string;
  systemAdmin: boolean;
}

/** What a caller may see: its organization; on an account wall its account and user's accounts (all: System Admin). */
function scopeOfCaller(caller: ScopedCaller, wall: TenantWallKind): TenantScope {
  if (wall !== 'account') return { ...NO_SCOPE, organizationId: caller.organizationId };
  return {
    organizationId: caller.organizationId,
    accountId: caller.accountId,
    userId: caller.userId,
    across: caller.systemAdmin ? 'system-admin' : null,
  };
}

/** Sets what the current request may see, from its verified caller (the scope object lives until its response). */
export function enterCallerScope(caller: ScopedCaller, wall: TenantWallKind = 'organization'): void {
  const scope = storage.getStore();
  if (scope) Object.assign(scope, scopeOfCaller(caller, wall));
}

/** Runs `work` as the caller would see (tests and benchmarks of a request's queries). */
export function asCaller<T>(caller: ScopedCaller, wall: TenantWallKind, work: () => T): T {
  return storage.run(scopeOfCaller(caller, wall), work);
}

/**
 * identity: lets the rest of the request see the account it names, once the caller's role there is checked
 * (`AccountAccess`): an Admin of several accounts manages one other than the selected organization's.
 */
export function enterAccount(accountId: string): void {
  const scope = storage.getStore();
  if (scope) scope.accountId = accountId;
}

/** The wall's settings for the current scope, in the order `set_config` statements below take them. */
function wallSettingValues(): string[] {
  const { organizationId, accountId, userId, across } = currentTenantScope();
  return [organizationId ?? '', across ?? '', accountId ?? '', userId ?? ''];
}

/** The current scope's wall settings as one string (as a connection remembers them): equal strings see the same rows. */
export function currentWallSetting(): string {
  return wallSettingValues().join('|');
}

/**
 * Makes the rest of an open transaction see as the current scope (`set_config(…, true)`: until the transaction ends,
 * whatever its connection carried). For a transaction that outlives one scope: a consumer's batch of events of
 * several organizations (libs/messaging), each event entering its own.
 */
export async function scopeTransactionToCurrentTenant(manager: {
  query(text: string, values?: unknown[]): Promise<unknown>;
}): Promise<void> {
  await manager.query(
    `SELECT set_config('app.organization_id', $1, true), set_config('app.across_tenants', $2, true),
            set_config('app.account_id', $3, true), set_config('app.user_id', $4, true)`,
    wallSettingValues(),
  );
}

type WalledClient = PoolClient & { tenantWallSetting?: string };
type ObtainConnection = () => Promise<[WalledClient, (error?: unknown) => void]>;

/**
 * Makes every connection TypeORM takes from the pool carry the current scope: one `set_config` round trip when the
 * scope differs from the one the connection last carried, none when it is the same. The setting is made outside any
 * transaction (a connection is idle when the pool hands it out), so it holds for every statement until the next
 * checkout sets it again; a transaction of a request therefore runs wholly as that request's organization.
 */
export function installTenantWall(dataSource: DataSource): void {
  const driver = dataSource.driver as unknown as { obtainMasterConnection: ObtainConnection };
  const obtain = driver.obtainMasterConnection.bind(driver);
  driver.obtainMasterConnection = async () => {
    const [client, release] = await obtain();
    const values = wallSettingValues();
    const setting = values.join('|');
    if (client.tenantWallSetting === setting) return [client, release];
    try {
      await client.query(
        `SELECT set_config('app.organization_id', $1, false), set_config('app.across_tenants', $2, false),
                set_config('app.account_id', $3, false), set_config('app.user_id', $4, false)`,
        values,
      );
      client.tenantWallSetting = setting;
      return [client, release];
    } catch (error) {
      release(error);
      throw error;
    }
  };
}

/** The policy's condition: the row is the session's organization's, or the session is on a named cross-tenant path. */
export const TENANT_WALL_CONDITION =
  'organization_id = (SELECT tenant_wall_organization()) OR (SELECT tenant_wall_across())';

/** The advisory lock a purge of the organization takes alone and every writer of its rows shares (libs/messaging). */
const PURGE_LOCK_PREFIX = 'organization-purge:';
export const purgeLockKey = (organizationId: string) => `${PURGE_LOCK_PREFIX}${organizationId}`;

/**
 * `tenant_wall_writable()`: may the session's organization's rows be written? It shares the organization's purge lock
 * until the transaction ends, so a purge waits for every write in flight and then deletes what it wrote; it answers
 * no while a purge holds the lock, and once the organization is purged. (Without it a request in flight at the instant
 * of an offboarding committed its rows after the purge's delete.) PL/pgSQL: a wall made before `purged_organizations`
 * exists still compiles.
 */
export const TENANT_WALL_WRITABLE_FUNCTION = `CREATE OR REPLACE FUNCTION tenant_wall_writable() RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
  DECLARE organization uuid := tenant_wall_organization();
  BEGIN
    IF organization IS NULL
       OR NOT pg_try_advisory_xact_lock_shared(hashtextextended('${PURGE_LOCK_PREFIX}' || organization, 0)) THEN
      RETURN false;
    END IF;
    RETURN NOT EXISTS (SELECT 1 FROM purged_organizations WHERE id = organization);
  END $$`;

/** The condition a written row must meet: the session's organization's while writable, or a named path's. */
export const TENANT_WALL_WRITE_CONDITION =
  '(organization_id = (SELECT tenant_wall_organization()) AND (SELECT tenant_wall_writable())) ' +
  'OR (SELECT tenant_wall_across())';

/** The functions both walls' policies read their session settings through (once per statement, as init plans). */
const WALL_SETTING_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION tenant_wall_organization() RETURNS uuid LANGUAGE sql STABLE
     AS $$ SELECT nullif(current_setting('app.organization_id', true), '')::uuid $$`,
  `CREATE OR REPLACE FUNCTION tenant_wall_across() RETURNS boolean LANGUAGE sql STABLE
     AS $$ SELECT coalesce(current_setting('app.across_tenants', true), '') <> '' $$`,
];

/** Row-level security enabled and forced on `table` (its owner is walled too). */
const forcedRowSecurity = (table: string) => [
  `ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE "${table}" FORCE ROW LEVEL SECURITY`,
];

/** `table` without its wall again (a migration's down). */
const unwallSql = (table: string) => [
  `DROP POLICY tenant_wall ON "${table}"`,
  `ALTER TABLE "${table}" NO FORCE ROW LEVEL SECURITY`,
  `ALTER TABLE "${table}" DISABLE ROW LEVEL SECURITY`,
];

/**
 * The statements of a migration that walls `tables` (each with an `organization_id` column): row-level security
 * enabled and forced (the owner too is walled), one policy for reads and writes. The settings are read once per
 * statement (sub-selects become init plans), not once per row.
 */
export function tenantWallSql(tables: readonly string[]): string[] {
  return [
    // A user condition runs before the policy's only if leakproof: `tag_ids && …` (arrayoverlap) is not, so its GIN
    // index went unused and a filtered count scanned the organization (6× slower at 100,000 assets). Comparing uuid
    // arrays raises no error that depends on their values. Only a superuser may mark it; where the migration role is
    // not one (managed PostgreSQL), an administrator runs the statement once (docs/runbook.md).
    `DO $$ BEGIN
       IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
         ALTER FUNCTION arrayoverlap(anyarray, anyarray) LEAKPROOF;
       ELSE
         RAISE NOTICE 'not a superuser: arrayoverlap stays non-leakproof (docs/runbook.md, the tenant wall)';
       END IF;
     END $$`,
    ...WALL_SETTING_FUNCTIONS,
    TENANT_WALL_WRITABLE_FUNCTION,
    ...tables.flatMap((table) => [
      ...forcedRowSecurity(table),
      `CREATE POLICY tenant_wall ON "${table}" USING (${TENANT_WALL_CONDITION}) WITH CHECK (${TENANT_WALL_WRITE_CONDITION})`,
    ]),
  ];
}

/** The statements that take `tenantWallSql(tables)` down again. */
export function tenantWallDownSql(tables: readonly string[]): string[] {
  return [
    ...tables.flatMap(unwallSql),
    'DROP FUNCTION tenant_wall_across()',
    'DROP FUNCTION tenant_wall_organization()',
  ];
}

/**
 * A migration that runs `up`'s statements, and `down`'s to undo them; `name` carries the migration's timestamp, as
 * TypeORM orders migrations by it.
 */
export function sqlMigration(
  name: string,
  up: readonly string[],
  down: readonly string[],
): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      for (const statement of up) await queryRunner.query(statement);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      for (const statement of down) await queryRunner.query(statement);
    }
  };
}

/** A service's migration that walls its tenant tables (`tenantWallSql`). */
export function tenantWallMigration(name: string, tables: readonly string[]): new () => MigrationInterface {
  return sqlMigration(name, tenantWallSql(tables), tenantWallDownSql(tables));
}

/**
 * identity's wall. Its rows belong to accounts, and its callers act across theirs (the profile lists every account of
 * the user; an Admin of two accounts manages both), so a session sees the rows of the caller's account
 * (`app.account_id`) and of every account its user belongs to (`app.user_id`, through their memberships), or all on a
 * named path. Memberships show the session's account's and the user's own; joining an account takes that account's
 * scope (`enterAccount`) or a named path, never the user's alone.
 */
const ACCOUNT_WALL_FUNCTIONS = [
  ...WALL_SETTING_FUNCTIONS,
  `CREATE OR REPLACE FUNCTION tenant_wall_account() RETURNS uuid LANGUAGE sql STABLE
     AS $$ SELECT nullif(current_setting('app.account_id', true), '')::uuid $$`,
  `CREATE OR REPLACE FUNCTION tenant_wall_user() RETURNS uuid LANGUAGE sql STABLE
     AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$`,
  // Read through the memberships policy, which lets the user's own rows through without calling this (no recursion).
  `CREATE OR REPLACE FUNCTION tenant_wall_user_accounts() RETURNS uuid[] LANGUAGE sql STABLE
     AS $$ SELECT coalesce(array_agg(account_id), '{}') FROM memberships WHERE user_id = tenant_wall_user() $$`,
];

/** The account wall's condition on `column` (an account's id), read once per statement. */
export const accountWallCondition = (column: string) =>
  `${column} = (SELECT tenant_wall_account()) OR ${column} = ANY ((SELECT tenant_wall_user_accounts())::uuid[]) ` +
  'OR (SELECT tenant_wall_across())';

/**
 * The statements of identity's wall: `tables` maps each walled table to its account column; `memberships` is the
 * table of memberships (account_id, user_id).
 */
export function accountWallSql(tables: Record<string, string>, memberships = 'memberships'): string[] {
  return [
    ...ACCOUNT_WALL_FUNCTIONS,
    ...forcedRowSecurity(memberships),
    `CREATE POLICY tenant_wall ON "${memberships}"
       USING (account_id = (SELECT tenant_wall_account()) OR user_id = (SELECT tenant_wall_user())
              OR (SELECT tenant_wall_across()))
       WITH CHECK (account_id = (SELECT tenant_wall_account()) OR (SELECT tenant_wall_across()))`,
    ...Object.entries(tables).flatMap(([table, column]) => [
      ...forcedRowSecurity(table),
      `CREATE POLICY tenant_wall ON "${table}" USING (${accountWallCondition(column)})
         WITH CHECK (${accountWallCondition(column)})`,
    ]),
  ];
}

/** The statements that take `accountWallSql(tables, memberships)` down again. */
export function accountWallDownSql(tables: Record<string, string>, memberships = 'memberships'): string[] {
  return [
    ...[memberships, ...Object.keys(tables)].flatMap(unwallSql),
    'DROP FUNCTION tenant_wall_user_accounts()',
    'DROP FUNCTION tenant_wall_user()',
    'DROP FUNCTION tenant_wall_account()',
  ];
}
