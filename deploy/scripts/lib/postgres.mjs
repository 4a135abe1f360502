// PostgreSQL and Redis from the machine: detect, start if down, create our databases.
import fs from 'node:fs';
import { commandExists, isPortOpen, log, run, waitFor } from './proc.mjs';
import { SERVICES } from './services.mjs';

/** One database per service of services.json. */
export const SERVICE_DATABASES = SERVICES;

export function databaseName(service) {
  const prefix = process.env.DATABASE_NAME_PREFIX ?? 'infra_';
  return `${prefix}${service}`;
}

const pgHost = () => process.env.DATABASE_HOST ?? '127.0.0.1';
const pgPort = () => Number(process.env.DATABASE_PORT ?? 5432);

export async function ensurePostgres() {
  if (await isPortOpen(pgPort(), pgHost())) return;
  if (pgHost() !== '127.0.0.1' && pgHost() !== 'localhost') {
    throw new Error(`PostgreSQL is not reachable at ${pgHost()}:${pgPort()}`);
  }
  log('PostgreSQL is down; starting the local cluster');
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  if (versions.length === 0 || !commandExists('pg_ctlcluster')) {
    throw new Error('PostgreSQL is not running and no local cluster was found to start (install PostgreSQL 15).');
  }
  run('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start']);
  await waitFor('PostgreSQL', () => isPortOpen(pgPort(), pgHost()), { timeoutMs: 30_000 });
}

async function adminClient(database = 'postgres') {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    host: pgHost(),
    port: pgPort(),
    user: process.env.DATABASE_USER ?? 'postgres',
    password: process.env.DATABASE_PASSWORD ?? '',
    database,
  });
  await client.connect();
  return client;
}

/** Drops the databases (disconnecting their clients) and creates them empty: a test run starts clean. */
export async function recreateDatabases(names) {
  const client = await adminClient();
  try {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
  await ensureDatabases(names);
}

export async function ensureDatabases(names = SERVICE_DATABASES.map(databaseName)) {
  const client = await adminClient();
  try {
    for (const name of names) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount === 0) {
        log(`creating database ${name}`);
        await client.query(`CREATE DATABASE "${name}"`);
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * The services whose tables have row-level security (issue 23) and which therefore serve as a runtime role of their
 * own: it owns no table, is not superuser and cannot bypass the policies. Their migrations still run as
 * DATABASE_USER (the tables' owner). The other services follow one by one.
 */
export const WALLED_SERVICES = ['inventory', 'tagging', 'events', 'analytics'];

/** The runtime role of a walled service (one per service, shared by every copy of the product on this cluster). */
export const runtimeRole = (service) => `infra_${service}_runtime`;

/**
 * Creates the service's runtime role if missing (login; no password: local connections are trusted here) and gives
 * it what a service needs on `database`: connect, read and write every table, use the sequences. Run after the
 * migrations, so tables they added are granted too; default privileges cover tables the owner creates later.
 */
export async function grantRuntimeRole(service, database) {
  const role = runtimeRole(service);
  const client = await adminClient();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    if (rowCount === 0) {
      log(`creating role ${role}`);
      await client.query(`CREATE ROLE "${role}" LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
    }
    await client.query(`GRANT CONNECT ON DATABASE "${database}" TO "${role}"`);
  } finally {
    await client.end();
  }
  const inDatabase = await adminClient(database);
  try {
    for (const statement of [
      `GRANT USAGE ON SCHEMA public TO "${role}"`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "${role}"`,
      `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO "${role}"`,
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO "${role}"`,
      `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO "${role}"`,
    ])
      await inDatabase.query(statement);
  } finally {
    await inDatabase.end();
  }
}

export async function ensureRedis() {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const port = Number(url.port || 6379);
  if (await isPortOpen(port, url.hostname)) return;
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) throw new Error(`Redis is not reachable at ${url.host}`);
  if (!commandExists('redis-server')) throw new Error('Redis is not running and redis-server is not installed.');
  log(`Redis is down; starting redis-server on port ${port}`);
  run('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await waitFor('Redis', () => isPortOpen(port, url.hostname), { timeoutMs: 15_000 });
}
