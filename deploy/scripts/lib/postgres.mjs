// PostgreSQL and Redis from the machine: detect, start if down, create our databases.
import fs from 'node:fs';
import { commandExists, isPortOpen, log, run, waitFor } from './proc.mjs';
import { redisUserRulesOf, SERVICES } from './services.mjs';

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

/**
 * Creates or resets the Redis ACL user of each process (`REDIS_USERNAME` / `REDIS_PASSWORD` in its environment), on
 * the Redis of its `REDIS_URL`, with the rules production gives them: the code signs in as production does, even
 * where the default user stays open to local connections.
 */
export async function ensureRedisUsers(processes) {
  const { default: Redis } = await import('ioredis');
  for (const { service, env } of processes) {
    if (!env.REDIS_USERNAME) continue;
    const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      await redis.call(
        'ACL',
        'SETUSER',
        env.REDIS_USERNAME,
        'reset',
        'on',
        `>${env.REDIS_PASSWORD}`,
        ...redisUserRulesOf(service),
      );
    } finally {
      redis.disconnect();
    }
  }
}
