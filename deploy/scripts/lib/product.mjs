// Install, build, migrate, seed and run the whole product (gateway + five services) as child processes.
// Shared by `npm start` and `npm test` (which runs a second copy on other ports and databases).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, isPortOpen, log, run, runAsync, waitFor } from './proc.mjs';
import { installSecrets, SECRET_NAMES } from './secrets.mjs';
import { ensureRedisUsers } from './postgres.mjs';
import { brokerCredentials } from './kafka.mjs';
import {
  GATEWAY,
  KAFKA_ADMIN_USER,
  redisPasswordSecretOf,
  runtimePasswordSecretOf,
  runtimeRoleOf,
  SERVICE_PORTS,
  SERVICES,
  secretsOf,
  WALLED_SERVICES,
} from './services.mjs';
import { SupervisedProcess } from './supervisor.mjs';
import { startBalancer } from './balancer.mjs';

export { SERVICES };

function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      if (path.basename(entry) === 'node_modules' || path.basename(entry) === 'dist') return;
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  entries.forEach((entry) => visit(path.join(ROOT, entry)));
  return newest;
}

function isStale(stampFile, sources) {
  const stamp = path.join(ROOT, stampFile);
  return !fs.existsSync(stamp) || fs.statSync(stamp).mtimeMs < newestMtime(sources);
}

function touch(stampFile) {
  fs.mkdirSync(path.dirname(path.join(ROOT, stampFile)), { recursive: true });
  fs.writeFileSync(path.join(ROOT, stampFile), new Date().toISOString());
}

/**
 * Installs dependencies when node_modules is missing (`npm ci`: exactly the lock file) or when the manifests
 * changed since the last install (`npm install`). Compared by content hash, not mtime: formatting a
 * package.json must not trigger a reinstall.
 */
export function ensureInstalled() {
  const manifests = ['package.json', 'package-lock.json', 'web/package.json', ...workspaceManifests()];
  const hash = createHash('sha256');
  for (const file of manifests)
    if (fs.existsSync(path.join(ROOT, file))) hash.update(fs.readFileSync(path.join(ROOT, file)));
  const digest = hash.digest('hex');
  const stamp = path.join(ROOT, 'node_modules/.infra-install-hash');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  const fresh = !fs.existsSync(path.join(ROOT, 'node_modules'));
  log(`installing npm dependencies (${fresh ? 'npm ci' : 'npm install'})`);
  run('npm', [fresh ? 'ci' : 'install', '--no-audit', '--no-fund']);
  fs.writeFileSync(stamp, digest);
}

function workspaceManifests() {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return workspaces.map((workspace) => `${workspace}/package.json`);
}

const SERVER_SOURCES = ['libs', 'services', 'gateway/src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const WEB_SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/tsconfig.json',
  'libs/contracts/src',
  'package-lock.json',
];

/** Rebuilds the server code and the web app only when their sources changed since the last build. */
export function buildIfStale() {
  if (isStale('dist/.build-stamp', SERVER_SOURCES)) {
    log('building the server code');
    run('npm', ['run', '--silent', 'build:server']);
    touch('dist/.build-stamp');
  }
  if (isStale('web/dist/.build-stamp', WEB_SOURCES)) {
    log('building the web app');
    run('npm', ['run', '--silent', 'build:web']);
    touch('web/dist/.build-stamp');
  }
}

/** Each process gets only the secrets services.json names for it (the gateway alone holds the private key). */
function secretsFor(name, secrets) {
  return Object.fromEntries(secretsOf(name).map((secret) => [secret, secrets[secret]]));
}

/** Ports of replica `r` (0-based) of the product's processes when it runs several of each (see productEnv). */
const REPLICA_PORT_STEP = 100;
/** How long a replica keeps serving after SIGTERM while it says not-ready: two probes of the balancers in front. */
const REPLICA_DRAIN_MS = 2500;

/**
 * Environment of the product's processes; `overrides` lets `npm test` move ports, databases and the broker.
 * `secrets`: the install's (.local/secrets.env) unless given (`npm test` passes a fresh set per run).
 * `replicas`: how many processes of each service and of the gateway. With more than one, replica r of a service
 * listens on its port + 100·r; the gateways on the gateway's port + 100·(r+1) behind a balancer on the gateway's
 * port (balancer.mjs), each gateway spreading over every service's replicas; processes are named `<name>-<r+1>`.
 * `ownedDatabase`: `{ service, port }` puts that service's database on a cluster of the copy's own (owned-postgres.mjs).
 * Each process: `{ name, service, replica, entry, env }`.
 */
export function productEnv({
  portOffset = 0,
  databasePrefix = 'infra_',
  kafkaPort = 9092,
  extra = {},
  secrets = installSecrets(),
  replicas = 1,
  ownedDatabase,
} = {}) {
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    KAFKA_BROKERS: `127.0.0.1:${kafkaPort}`,
    ...extra,
  };
  for (const name of SECRET_NAMES) delete env[name];
  // The local broker's users (made with its storage, kept beside it): each service signs in as its own.
  const kafka = brokerCredentials(kafkaPort);
  if (!kafka) throw new Error(`the Kafka broker on ${kafkaPort} has no credentials: start it with ensureKafka first`);
  // Each process's own Redis user (one set per copy of the product: its database prefix names them).
  const redisUser = (name) => ({
    REDIS_USERNAME: `${databasePrefix}${name}`,
    REDIS_PASSWORD: secrets[redisPasswordSecretOf(name)],
  });
  const several = replicas > 1;
  const replicaName = (name, r) => (several ? `${name}-${r + 1}` : name);
  const servicePort = (name, r) => SERVICE_PORTS[name] + portOffset + REPLICA_PORT_STEP * r;
  const shared = several ? { SHUTDOWN_DRAIN_MS: String(REPLICA_DRAIN_MS) } : {};
  const primaries = SERVICES.map((name) => ({
    name,
    service: name,
    replica: 0,
    entry: `dist/services/${name}/src/main.js`,
    env: {
      ...shared,
      ...env,
      ...secretsFor(name, secrets),
      ...redisUser(name),
      KAFKA_USERNAME: name,
      KAFKA_PASSWORD: kafka.users[name],
      PORT: String(servicePort(name, 0)),
      DATABASE_NAME: `${databasePrefix}${name}`,
      ...(ownedDatabase?.service === name
        ? { DATABASE_HOST: '127.0.0.1', DATABASE_PORT: String(ownedDatabase.port) }
        : {}),
      // A walled service serves as its runtime role, which its migrations (run as the owner) create and grant; the
      // owner also vacuums its tables (autovacuum is off on development machines).
      ...(WALLED_SERVICES.includes(name)
        ? {
            DATABASE_USER: runtimeRoleOf(name),
            DATABASE_PASSWORD: secrets[runtimePasswordSecretOf(name)],
            DATABASE_MIGRATION_USER: env.DATABASE_USER ?? 'postgres',
            DATABASE_MIGRATION_PASSWORD: env.DATABASE_PASSWORD ?? '',
          }
        : {}),
    },
  }));
  // Copies of the product on other offsets must not collide on the gateway's metrics port either.
  const gatewayEnv = {
    ...env,
    ...shared,
    ...secretsFor('gateway', secrets),
    ...redisUser('gateway'),
    // Behind the balancer, which passes the client's address on (balancer.mjs).
    ...(several ? { TRUST_PROXY_HOPS: '1' } : {}),
  };
  const replicaIndexes = [...Array(replicas).keys()];
  for (const name of SERVICES)
    gatewayEnv[`SERVICE_URL_${name.toUpperCase()}`] = replicaIndexes
      .map((r) => `http://127.0.0.1:${servicePort(name, r)}`)
      .join(',');
  const processes = [];
  for (const primary of primaries)
    for (const r of replicaIndexes)
      processes.push({
        ...primary,
        name: replicaName(primary.name, r),
        replica: r,
        env: { ...primary.env, PORT: String(servicePort(primary.name, r)) },
      });
  const gatewayPort = (r) => GATEWAY.port + portOffset + (several ? REPLICA_PORT_STEP * (r + 1) : 0);
  for (const r of replicaIndexes)
    processes.push({
      name: replicaName('gateway', r),
      service: 'gateway',
      replica: r,
      entry: 'dist/gateway/src/main.js',
      env: {
        ...gatewayEnv,
        PORT: String(gatewayPort(r)),
        METRICS_PORT: String(GATEWAY.metricsPort + portOffset + REPLICA_PORT_STEP * r),
      },
    });
  const gatewayUrl = `http://localhost:${GATEWAY.port + portOffset}`;
  const balancer = several
    ? { port: GATEWAY.port + portOffset, upstreams: replicaIndexes.map((r) => `http://127.0.0.1:${gatewayPort(r)}`) }
    : undefined;
  return { processes, gatewayUrl, balancer };
}

/** One process per service (and the gateway's first): what migrations, provisioning and seeds run as. */
const primariesOf = (processes) => processes.filter((p) => p.replica === 0);

/** Creates the topics and sets the services' ACLs, as the broker's admin (libs/messaging provision-kafka.ts). */
async function provisionKafka(processes) {
  const { env } = processes.find((p) => p.service !== 'gateway');
  const port = Number(env.KAFKA_BROKERS.split(':').at(-1));
  const code = await runAsync('node', ['dist/libs/messaging/src/provision-kafka.js'], {
    env: {
      ...env,
      KAFKA_USERNAME: KAFKA_ADMIN_USER,
      KAFKA_PASSWORD: brokerCredentials(port).admin,
      KAFKA_CLIENT_ID: 'kafka-provisioning',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (code !== 0) throw new Error('Kafka provisioning (topics and ACLs) failed');
}

/**
 * Runs every service's migrations, in parallel (each service has its own database); provisions the Redis users and
 * Kafka's topics and ACLs first.
 */
export async function migrateAll(processes) {
  processes = primariesOf(processes);
  await ensureRedisUsers(processes);
  await provisionKafka(processes);
  const jobs = processes.filter((p) => p.service !== 'gateway');
  const failures = [];
  await Promise.all(
    jobs.map(async (p) => {
      const code = await runAsync('node', [`dist/services/${p.service}/src/migrate.js`], {
        env: p.env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (code !== 0) failures.push(`${p.service} migrations`);
    }),
  );
  if (failures.length) throw new Error(`failed: ${failures.join(', ')}`);
}

/** Runs every service's migrations, then its demo-data seed if it has one (seeds are idempotent). */
export async function migrateAndSeed(processes) {
  await migrateAll(processes);
  const jobs = primariesOf(processes).filter((p) => p.service !== 'gateway');
  for (const p of jobs) {
    const seed = `dist/services/${p.service}/src/seed.js`;
    if (!fs.existsSync(path.join(ROOT, seed))) continue;
    const code = await runAsync('node', [seed], { env: p.env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (code !== 0) throw new Error(`${p.service} demo data failed`);
  }
}

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** The first lines of an error's stack (errors only): an uncaught exception must say where it came from. */
function stackLines(name, record) {
  const stack = record.level >= 50 ? (record.err?.stack ?? record.stack) : undefined;
  if (typeof stack !== 'string') return '';
  const lines = stack.split('\n').slice(0, 8);
  return lines.map((line) => `\n${' '.repeat(9)}${name.padEnd(9)} ${line}`).join('');
}

/** One readable line per JSON log record: time, process, level, message, request and trace ids (and an error's stack). */
function formatLine(name, line) {
  try {
    const record = JSON.parse(line);
    const time = new Date(record.time ?? Date.now()).toISOString().slice(11, 19);
    const extra = record.errorId ? ` errorId=${record.errorId}` : '';
    const request = `${record.requestId ? ` req=${record.requestId}` : ''}${record.trace_id ? ` trace=${record.trace_id}` : ''}`;
    const response = record.res
      ? ` ${record.req?.method} ${record.req?.url} -> ${record.res.statusCode} ${record.responseTime}ms`
      : '';
    const head = `${time} ${name.padEnd(9)} ${(LEVELS[record.level] ?? record.level).padEnd(5)} ${record.msg ?? ''}${response}${extra}${request}`;
    return `${head}${stackLines(name, record)}`;
  } catch {
    return `${' '.repeat(9)}${name.padEnd(9)} ${line}`;
  }
}

/**
 * Spawns every process under a supervisor (a process that dies is started again, see supervisor.mjs); resolves
 * once the gateway answers GET /api/v1 and every service is ready. A process that exits before it was ever ready
 * fails the start instead (a configuration error would only crash again). `pidDir`: each process's current pid
 * in `<pidDir>/<name>.pid`, the supervisor's lines in `<pidDir>/supervisor.log` and the processes' ports in
 * `<pidDir>/processes.json` (the end-to-end tests kill a process through them and read why it was restarted).
 * `balancer`: started in front of the gateways once they are ready (productEnv gives it with replicas).
 */
export async function startProduct(processes, { gatewayUrl, balancer, logFile, pidDir, timeoutMs = 300_000 } = {}) {
  // A copy still running from an earlier start would answer the readiness checks in place of this one.
  const taken = [];
  for (const p of processes)
    for (const port of [p.env.PORT, p.env.METRICS_PORT].filter(Boolean))
      if (await isPortOpen(Number(port))) taken.push(`${p.name} ${port}`);
  if (balancer && (await isPortOpen(balancer.port))) taken.push(`balancer ${balancer.port}`);
  if (taken.length > 0)
    throw new Error(`ports already in use (${taken.join(', ')}): is another copy of the product still running?`);
  const sink = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
  if (pidDir) pidDir = path.resolve(ROOT, pidDir);
  if (pidDir) {
    fs.mkdirSync(pidDir, { recursive: true });
    // Which process listens where (the rolling-restart test restarts each replica and waits for it to be ready; the
    // load bench reads each one's /metrics, on the gateway's own metrics port).
    const list = processes.map(({ name, service, replica, env }) => ({
      name,
      service,
      replica,
      port: Number(env.PORT),
      metricsPort: Number(env.METRICS_PORT ?? env.PORT),
    }));
    fs.writeFileSync(path.join(pidDir, 'processes.json'), `${JSON.stringify(list, null, 2)}\n`);
  }
  const report = (message) => {
    const line = `[supervisor] ${new Date().toISOString()} ${message}`;
    process.stderr.write(`[infra] ${line}\n`);
    sink?.write(`${line}\n`);
    if (pidDir) fs.appendFileSync(path.join(pidDir, 'supervisor.log'), `${line}\n`);
  };
  const children = processes.map(
    (p) =>
      new SupervisedProcess({
        name: p.name,
        command: 'node',
        args: ['--enable-source-maps', p.entry],
        cwd: ROOT,
        env: p.env,
        pidFile: pidDir ? path.join(pidDir, `${p.name}.pid`) : undefined,
        report,
        onLine: (line) => {
          if (sink) sink.write(`${p.name} ${line}\n`);
          else process.stdout.write(`${formatLine(p.name, line)}\n`);
        },
      }),
  );
  let front;
  const stop = async () => {
    await front?.close();
    await Promise.all(children.map((child) => child.stop()));
    sink?.end();
  };
  try {
    for (const p of processes) {
      const url = `http://127.0.0.1:${p.env.PORT}/health/ready`;
      const supervised = children.find((c) => c.name === p.name);
      await waitFor(
        `${p.name} to be ready`,
        async () => {
          const [exit] = supervised.exits;
          if (exit) throw new StartFailed(`${p.name} exited with ${exit.signal ?? exit.code} before it was ready`);
          return (await fetch(url)).ok;
        },
        { timeoutMs, intervalMs: 200, fatal: (error) => error instanceof StartFailed },
      );
    }
    if (balancer) front = await startBalancer(balancer);
    await waitFor('GET /api/v1', async () => (await fetch(`${gatewayUrl}/api/v1`)).ok, { timeoutMs: 10_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { children, stop };
}

class StartFailed extends Error {}
