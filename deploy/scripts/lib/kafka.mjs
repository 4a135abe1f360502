// A real Apache Kafka broker in KRaft mode, resolved from Maven Central with `mvn` and cached
// under .cache/kafka (git-ignored). Used by `npm start`, `npm test` and the fault tests, which
// start a second broker on other ports so they can stop it without disturbing anyone.
// It runs as production's brokers should: clients sign in with SASL/SCRAM-SHA-512, one user per service, and the
// ACLs (libs/messaging kafka-provisioning.ts) let a service write only its own topics.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, isPortOpen, log, run, waitFor } from './proc.mjs';
import { KAFKA_ADMIN_USER, SERVICES } from './services.mjs';

const KAFKA_DIR = path.join(ROOT, 'deploy/kafka');
const CACHE_DIR = process.env.KAFKA_CACHE_DIR ?? path.join(ROOT, '.cache/kafka');
const LIBS_DIR = path.join(CACHE_DIR, 'libs');
const CLUSTER_ID = 'infraAnalyticsLocal01A'; // 22 characters, as StorageTool requires

function kafkaVersion() {
  const pom = fs.readFileSync(path.join(KAFKA_DIR, 'pom.xml'), 'utf8');
  return /<kafka.version>([^<]+)<\/kafka.version>/.exec(pom)[1];
}

/** Copies the broker jars into the cache once per Kafka version. */
export function ensureKafkaLibs() {
  const marker = path.join(LIBS_DIR, `.kafka-${kafkaVersion()}`);
  if (fs.existsSync(marker)) return LIBS_DIR;
  log(`resolving Apache Kafka ${kafkaVersion()} from Maven Central (first run only)`);
  fs.rmSync(LIBS_DIR, { recursive: true, force: true });
  fs.mkdirSync(LIBS_DIR, { recursive: true });
  run('mvn', [
    '-q',
    '-B',
    '-f',
    path.join(KAFKA_DIR, 'pom.xml'),
    'dependency:copy-dependencies',
    '-DincludeScope=runtime',
    `-DoutputDirectory=${LIBS_DIR}`,
  ]);
  fs.writeFileSync(marker, new Date().toISOString());
  return LIBS_DIR;
}

export function brokerPaths(port) {
  const dir = path.join(CACHE_DIR, `broker-${port}`);
  return {
    dir,
    dataDir: path.join(dir, 'data'),
    config: path.join(dir, 'server.properties'),
    pidFile: path.join(dir, 'kafka.pid'),
    logFile: path.join(dir, 'kafka.log'),
    credentials: path.join(dir, 'credentials.json'),
  };
}

/** Every service signs in as its own user, named after it. The gateway does not use Kafka. */
const KAFKA_SERVICE_USERS = SERVICES;

/**
 * The broker's users and passwords ({ admin, users: { <service>: password } }), made once with its storage and kept
 * beside it (0600): SCRAM credentials live in the broker's metadata, so they belong to its data, not to a run.
 */
export function brokerCredentials(port) {
  const file = brokerPaths(port).credentials;
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

/** Client settings for kafkajs as the broker's admin (the readiness check). */
function adminClientSasl(port) {
  const credentials = brokerCredentials(port);
  if (!credentials) throw new Error(`no credentials for the Kafka broker on port ${port}`);
  return { mechanism: 'scram-sha-512', username: KAFKA_ADMIN_USER, password: credentials.admin };
}

const password = () => randomBytes(24).toString('hex');

function writeServerProperties(port, controllerPort, paths, credentials) {
  const admin = credentials.admin;
  const properties = {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: `SASL_PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `SASL_PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'SASL_PLAINTEXT',
    'listener.security.protocol.map': 'CONTROLLER:SASL_PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT',
    // Clients: SCRAM users stored in the cluster's metadata. The controller cannot read those before it starts, so
    // its own listener takes one static PLAIN user, the admin (Kafka's advice for KRaft).
    'sasl.enabled.mechanisms': 'SCRAM-SHA-512',
    'sasl.mechanism.inter.broker.protocol': 'SCRAM-SHA-512',
    'listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config': `org.apache.kafka.common.security.scram.ScramLoginModule required username="${KAFKA_ADMIN_USER}" password="${admin}";`,
    'sasl.mechanism.controller.protocol': 'PLAIN',
    'listener.name.controller.sasl.enabled.mechanisms': 'PLAIN',
    'listener.name.controller.plain.sasl.jaas.config': `org.apache.kafka.common.security.plain.PlainLoginModule required username="${KAFKA_ADMIN_USER}" password="${admin}" user_${KAFKA_ADMIN_USER}="${admin}";`,
    // Nothing is allowed that an ACL does not allow, except to the admin.
    'authorizer.class.name': 'org.apache.kafka.metadata.authorizer.StandardAuthorizer',
    'super.users': `User:${KAFKA_ADMIN_USER}`,
    'allow.everyone.if.no.acl.found': 'false',
    'log.dirs': paths.dataDir,
    'num.partitions': '3',
    'offsets.topic.replication.factor': '1',
    'offsets.topic.num.partitions': '1',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
    'group.initial.rebalance.delay.ms': '0',
    // Topics are created up front from libs/contracts (kafkajs cannot subscribe to missing topics on KRaft).
    'auto.create.topics.enable': 'false',
    'log.retention.hours': '168',
    // One local broker serving a handful of clients: Kafka's default pools (3 network, 8 I/O, 10 background threads)
    // sized for a server kept ~80 threads runnable and starved the services on a 2-core machine under load.
    'num.network.threads': '2',
    'num.io.threads': '2',
    'background.threads': '2',
    'num.recovery.threads.per.data.dir': '1',
    'log.cleaner.threads': '1',
  };
  fs.mkdirSync(paths.dir, { recursive: true });
  fs.writeFileSync(
    paths.config,
    Object.entries(properties)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
}

/** The credentials a broker's storage was formatted with, if they still name every service. */
function currentCredentials(port, paths) {
  const credentials = brokerCredentials(port);
  const complete = credentials && KAFKA_SERVICE_USERS.every((user) => credentials.users?.[user]);
  return complete && fs.existsSync(path.join(paths.dataDir, 'meta.properties')) ? credentials : undefined;
}

/** Formats a new broker's storage with its users (SCRAM credentials are written into the first metadata). */
function formatStorage(classpath, paths) {
  const credentials = {
    admin: password(),
    users: Object.fromEntries(KAFKA_SERVICE_USERS.map((user) => [user, password()])),
  };
  fs.rmSync(paths.dataDir, { recursive: true, force: true });
  const scram = [[KAFKA_ADMIN_USER, credentials.admin], ...Object.entries(credentials.users)].flatMap(
    ([name, secret]) => ['--add-scram', `SCRAM-SHA-512=[name=${name},password=${secret}]`],
  );
  return {
    credentials,
    args: ['-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', CLUSTER_ID, '-c', paths.config, ...scram],
  };
}

function readPid(pidFile) {
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Starts a single-node KRaft broker unless one already answers on `port`.
 * Returns { started, pid, stop } — `started` is false when an existing broker was reused. Its users' credentials:
 * `brokerCredentials(port)`.
 */
export async function ensureKafka({ port = 9092, controllerPort = port + 1, timeoutMs = 90_000 } = {}) {
  const paths = brokerPaths(port);
  let credentials = currentCredentials(port, paths);
  if (await isPortOpen(port)) {
    if (credentials) {
      await waitForBroker(port, timeoutMs);
      return { started: false, pid: readPid(paths.pidFile), stop: async () => undefined };
    }
    // A broker of ours from before SASL (or before a new service): its users cannot be added without the JVM's
    // tools, so it starts again from empty storage. Local only: the outboxes hold what was not yet delivered.
    if (!readPid(paths.pidFile))
      throw new Error(`port ${port} answers, but not as a Kafka broker this project started`);
    log(`the Kafka broker on ${port} predates its users: starting it again from empty storage`);
    await stopKafka(port);
  }
  const libs = ensureKafkaLibs();
  const classpath = `${libs}/*`;
  if (!credentials) {
    const format = formatStorage(classpath, paths);
    credentials = format.credentials;
    writeServerProperties(port, controllerPort, paths, credentials);
    const result = spawnSync('java', format.args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`Kafka storage format failed: ${result.stderr || result.stdout}`);
    fs.writeFileSync(paths.credentials, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  } else {
    writeServerProperties(port, controllerPort, paths, credentials);
  }
  log(`starting Kafka broker on 127.0.0.1:${port} (log: ${path.relative(ROOT, paths.logFile)})`);
  const out = fs.openSync(paths.logFile, 'a');
  const child = spawn(
    'java',
    [
      '-Xms256m',
      '-Xmx512m',
      '-XX:+UseG1GC',
      '-XX:TieredStopAtLevel=1',
      // The JVM sizes its collector and compiler pools from the host's cores; one of each is plenty here.
      '-XX:ParallelGCThreads=1',
      '-XX:ConcGCThreads=1',
      '-XX:CICompilerCount=1',
      `-Dlog4j.configuration=file:${path.join(KAFKA_DIR, 'log4j.properties')}`,
      '-cp',
      classpath,
      'kafka.Kafka',
      paths.config,
    ],
    { detached: true, stdio: ['ignore', out, out] },
  );
  child.unref();
  fs.writeFileSync(paths.pidFile, String(child.pid));
  await waitForBroker(port, timeoutMs);
  log(`Kafka broker ready on 127.0.0.1:${port}`);
  return { started: true, pid: child.pid, stop: () => stopKafka(port) };
}

/** Waits until the broker answers metadata requests (not just until the port opens). */
export async function waitForBroker(port, timeoutMs = 90_000) {
  const { Kafka, logLevel } = await import('kafkajs');
  const kafka = new Kafka({
    clientId: 'infra-readiness',
    brokers: [`127.0.0.1:${port}`],
    sasl: adminClientSasl(port),
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
    connectionTimeout: 1000,
  });
  await waitFor(
    `Kafka on 127.0.0.1:${port}`,
    async () => {
      const admin = kafka.admin();
      try {
        await admin.connect();
        const cluster = await admin.describeCluster();
        return cluster.brokers.length > 0;
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    },
    { timeoutMs, intervalMs: 500 },
  );
}

/** Stops the broker this project started on `port` and waits for the process to exit. */
export async function stopKafka(port = 9092) {
  const paths = brokerPaths(port);
  const pid = readPid(paths.pidFile);
  if (!pid) return;
  process.kill(pid, 'SIGTERM');
  await waitFor(`Kafka (pid ${pid}) to stop`, () => !readPid(paths.pidFile), { timeoutMs: 30_000 }).catch(() => {
    process.kill(pid, 'SIGKILL');
  });
  fs.rmSync(paths.pidFile, { force: true });
}
