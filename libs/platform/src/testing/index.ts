// Test helpers (imported as @infra/platform/testing; not part of the runtime API).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  type DynamicModule,
  Inject,
  Injectable,
  type OnApplicationShutdown,
  type PipeTransform,
  ValidationPipe,
  type Type,
  type ValueProvider,
} from '@nestjs/common';
import type Redis from 'ioredis';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { Client } from 'pg';
import { DataSource, type EntityManager, type MixedList } from 'typeorm';
import { VALIDATION_PIPE_OPTIONS } from '../bootstrap';
import { acrossTenants, ensureRuntimeRole, inOrganization, installTenantWall, runMigrationsLocked } from '../database';
import { createRedis, REDIS } from '../redis';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value that is not undefined/false, or fails after the deadline. Never a fixed sleep. */
export async function pollUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await sleep(intervalMs);
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`,
  );
}

export const testDatabaseConfig = () => ({
  host: process.env.DATABASE_HOST ?? '127.0.0.1',
  port: Number(process.env.DATABASE_PORT ?? 5432),
  user: process.env.DATABASE_USER ?? 'postgres',
  password: process.env.DATABASE_PASSWORD ?? '',
});

/** A throw-away PostgreSQL database for one test file: created empty, dropped by `drop()`. */
export async function createTestDatabase(prefix = 'infra_it'): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ ...testDatabaseConfig(), database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    name,
    drop: async () => {
      const client = new Client({ ...testDatabaseConfig(), database: 'postgres' });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

type Schema = MixedList<string | (new () => unknown)>;

/** A DataSource (not yet initialized) on an existing test database, with a service's migrations and entities. */
export function testDataSource(database: string, migrations: Schema, entities: Schema = []): DataSource {
  const cfg = testDatabaseConfig();
  return new DataSource({
    type: 'postgres',
    host: cfg.host,
    port: cfg.port,
    username: cfg.user,
    password: cfg.password,
    database,
    entities,
    migrations,
  });
}

/**
 * The medium tier's set-up: a scratch database with a service's real migrations run, and a DataSource on it.
 * `drop()` closes the DataSource and drops the database.
 */
export async function migratedTestDatabase(
  prefix: string,
  migrations: Schema,
  entities: Schema = [],
): Promise<{ name: string; dataSource: DataSource; drop: () => Promise<void> }> {
  const database = await createTestDatabase(prefix);
  const dataSource = testDataSource(database.name, migrations, entities);
  await runMigrationsLocked(dataSource);
  return {
    name: database.name,
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await database.drop();
    },
  };
}

/**
 * A role as the services serve with behind row-level security (no superuser, no BYPASSRLS, owns nothing), granted
 * on `database` what a service's migration grants its runtime role (`ensureRuntimeRole`), and a DataSource as it
 * with the tenant wall installed. `drop()` closes it and drops the role (before the database).
 */
export async function runtimeRoleDataSource(
  database: string,
  entities: Schema = [],
): Promise<{ dataSource: DataSource; drop: () => Promise<void> }> {
  const role = `infra_it_runtime_${randomBytes(4).toString('hex')}`;
  // Granted by the migrations' own code, as deploy/scripts and the Docker and Kubernetes migrate jobs grant it.
  const owner = await testDataSource(database, []).initialize();
  try {
    await ensureRuntimeRole(owner, role);
  } finally {
    await owner.destroy();
  }
  const cfg = testDatabaseConfig();
  const dataSource = await new DataSource({
    type: 'postgres',
    host: cfg.host,
    port: cfg.port,
    username: role,
    database,
    entities,
  }).initialize();
  installTenantWall(dataSource);
  return {
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      const client = new Client({ ...testDatabaseConfig(), database });
      await client.connect();
      // Its grants here and on the database go first: a role that holds privileges cannot be dropped.
      await client.query(`DROP OWNED BY "${role}"`);
      await client.query(`DROP ROLE "${role}"`);
      await client.end();
    },
  };
}

/**
 * The wall tests' set-up: a migrated scratch database (`database`), seeded by `seed` as its owner (a superuser,
 * beyond the wall), then a runtime role's DataSource on it; `tables` are its tenant tables (`tenantTables`).
 */
export async function walledTestDatabase(
  database: { name: string; dataSource: DataSource; drop: () => Promise<void> },
  {
    seed,
    entities = [],
    tenantTables,
  }: {
    seed: (owner: DataSource) => Promise<void>;
    entities?: Schema;
    tenantTables: (manager: EntityManager) => Promise<string[]>;
  },
): Promise<{ owner: DataSource; app: DataSource; tables: string[]; drop: () => Promise<void> }> {
  const owner = database.dataSource;
  await seed(owner);
  const tables = await tenantTables(owner.manager);
  const runtime = await runtimeRoleDataSource(database.name, entities);
  return {
    owner,
    app: runtime.dataSource,
    tables,
    drop: async () => {
      await runtime.drop();
      await database.drop();
    },
  };
}

/** Runs each `[text, values]` statement on `dataSource`, in order (a test's seed). */
export async function runStatements(dataSource: DataSource, statements: [string, unknown[]][]): Promise<void> {
  for (const [text, values] of statements) await dataSource.query(text, values);
}

/**
 * The catalog test of the tenant wall: every table of the database with an `organization_id` column that lacks forced
 * row-level security or the `tenant_wall` policy, or whose policy lets a row be written without the purge lock
 * (`tenant_wall_writable`). Partitions too: a query through the parent is walled by the parent's policy, but one naming
 * a partition only by the partition's. Empty when walled.
 */
export async function tablesOutsideTheWall(dataSource: DataSource): Promise<string[]> {
  const rows = (await dataSource.query(
    `SELECT c.relname AS name
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        AND EXISTS (SELECT 1 FROM pg_attribute a
                     WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped)
        AND NOT (c.relrowsecurity AND c.relforcerowsecurity
                 AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_wall'
                               -- a written row must hold the purge lock too (partitions: written through the parent)
                               AND (c.relispartition
                                    OR pg_get_expr(p.polwithcheck, p.polrelid) LIKE '%tenant_wall_writable()%')))
      ORDER BY 1`,
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

/**
 * The catalog test of identity's account wall (`accountWallSql`): every table with an `account_id` or
 * `organization_id` column, and the accounts themselves, that lacks forced row-level security or the `tenant_wall`
 * policy. Empty when walled.
 */
export async function tablesOutsideTheAccountWall(dataSource: DataSource): Promise<string[]> {
  const rows = (await dataSource.query(
    `SELECT c.relname AS name
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        AND (c.relname = 'accounts'
             OR EXISTS (SELECT 1 FROM pg_attribute a
                         WHERE a.attrelid = c.oid AND a.attname IN ('account_id', 'organization_id')
                           AND NOT a.attisdropped))
        AND NOT (c.relrowsecurity AND c.relforcerowsecurity
                 AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_wall'))
      ORDER BY 1`,
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

/** The organizations whose rows `dataSource` sees in `table` when it asks with no filter of its own. */
export async function organizationsSeen(dataSource: DataSource, table: string): Promise<string[]> {
  const rows = (await dataSource.query(`SELECT DISTINCT organization_id FROM "${table}"`)) as {
    organization_id: string;
  }[];
  return rows.map((row) => row.organization_id).sort();
}

/**
 * The wall test on a database with rows of every one of `organizations` in each of `tables`, read through `app` (a
 * runtime role's DataSource): what each table shows beyond what it should. An organization must see itself alone,
 * a query outside any organization nothing, a named cross-tenant path everyone. Empty when the wall holds.
 */
export async function wallBreaches(app: DataSource, tables: string[], organizations: string[]): Promise<string[]> {
  const breaches: string[] = [];
  const expect = async (scope: string, wanted: string[], seen: Promise<string[]>) => {
    const got = await seen;
    if (got.join() !== [...wanted].sort().join()) breaches.push(`${scope} sees [${got.join(', ')}]`);
  };
  for (const table of tables) {
    for (const organization of organizations)
      await expect(
        `${table}: ${organization}`,
        [organization],
        inOrganization(organization, () => organizationsSeen(app, table)),
      );
    await expect(`${table}: outside any organization`, [], organizationsSeen(app, table));
    await expect(
      `${table}: across tenants`,
      organizations,
      acrossTenants('wall-test', () => organizationsSeen(app, table)),
    );
  }
  return breaches;
}

/** Whether a session of the database waits on a lock in a statement containing `statement` (tests of races). */
export async function waitsOnLock(dataSource: DataSource, statement: string): Promise<boolean> {
  const [{ waiting }] = (await dataSource.query(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
    [`%${statement}%`],
  )) as { waiting: number }[];
  return waiting > 0;
}

export const kafkaBrokersForTests = () => (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

/**
 * A user of a local broker of ours, `admin` or a service's (deploy/scripts/lib/kafka.mjs keeps the credentials beside
 * the broker's storage). `port`: the test broker's unless given.
 */
export function kafkaSaslForTests(user = 'admin', port = Number(kafkaBrokersForTests()[0]!.split(':')[1])) {
  const cache = process.env.KAFKA_CACHE_DIR ?? localKafkaCache();
  const file = path.join(cache, `broker-${port}`, 'credentials.json');
  const credentials = JSON.parse(readFileSync(file, 'utf8')) as { admin: string; users: Record<string, string> };
  const password = user === 'admin' ? credentials.admin : credentials.users[user];
  if (!password) throw new Error(`the broker on ${port} has no user ${user}`);
  return { mechanism: 'scram-sha-512' as const, username: user, password };
}

/** The repository's `.cache/kafka`: the nearest one above this file (benchmarks run compiled under `.cache/`). */
function localKafkaCache(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, '.cache/kafka');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('no .cache/kafka above the test helpers: start a local broker first (npm run infra:up)');
}

/** kafkajs client settings for a test: the test broker (or the local one on `port`), as its admin. */
export function kafkaSettingsForTests(clientId: string, port?: number) {
  return {
    brokers: port === undefined ? kafkaBrokersForTests() : [`127.0.0.1:${port}`],
    clientId,
    sasl: kafkaSaslForTests('admin', port),
  };
}

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** The messages the services' validation pipe answers for `body` as a `metatype` request body ([] when valid). */
export async function bodyErrorsOf(metatype: Type, body: object): Promise<string[]> {
  try {
    await new ValidationPipe(VALIDATION_PIPE_OPTIONS).transform(body, { type: 'body', metatype });
    return [];
  } catch (error) {
    if (!(error instanceof BadRequestException)) throw error;
    return (error.getResponse() as { message: string[] }).message;
  }
}

/** The messages the services' validation pipe answers for a query string (values as text, as they arrive). */
export async function queryErrorsOf(metatype: Type, query: Record<string, string>): Promise<string[]> {
  try {
    await new ValidationPipe(VALIDATION_PIPE_OPTIONS).transform(query, { type: 'query', metatype });
    return [];
  } catch (error) {
    if (!(error instanceof BadRequestException)) throw error;
    return (error.getResponse() as { message: string[] }).message;
  }
}

/**
 * A route's body as the service takes it: the global validation pipe with the parameter's declared type, then the
 * parameter's own pipes (`@Body(pipe)`). Throws what the route would answer (a BadRequestException for bad input).
 */
export async function routeBodyOf(controller: Type, method: string, body: unknown): Promise<unknown> {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { index: number; pipes?: (PipeTransform | Type<PipeTransform>)[] }
  >;
  const key = Object.keys(args).find((candidate) => candidate.startsWith(`${RouteParamtypes.BODY}:`));
  if (!key) throw new Error(`${controller.name}.${method} takes no body`);
  const { index, pipes = [] } = args[key];
  const metatype = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) as Type[])[index];
  let value = await new ValidationPipe(VALIDATION_PIPE_OPTIONS).transform(body, { type: 'body', metatype });
  for (const pipe of pipes) {
    const instance = typeof pipe === 'function' ? new pipe() : pipe;
    value = await instance.transform(value, { type: 'body', metatype });
  }
  return value;
}

/** The messages a route answers for `body` (`routeBodyOf`), [] when it is valid. */
export async function routeBodyErrorsOf(controller: Type, method: string, body: unknown): Promise<string[]> {
  try {
    await routeBodyOf(controller, method, body);
    return [];
  } catch (error) {
    if (!(error instanceof BadRequestException)) throw error;
    return (error.getResponse() as { message: string[] }).message;
  }
}

/** Closes the test module's Redis client on shutdown, as the platform module does in a service. */
@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit();
  }
}

/**
 * Stands in for the platform module in tests of libs/jobs and what uses it: a global module providing `REDIS` (a
 * client of `url`, closed on shutdown) and `providers` (a DataSource…), all exported.
 */
export function testRedisModule(url: string, providers: ValueProvider[] = []): DynamicModule {
  return {
    module: class TestRedisModule {},
    global: true,
    providers: [{ provide: REDIS, useFactory: () => createRedis(url) }, RedisCloser, ...providers],
    exports: [REDIS, ...providers.map((provider) => provider.provide)],
  };
}
