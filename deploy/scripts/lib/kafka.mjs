// A real Apache Kafka broker in KRaft mode, resolved from Maven Central with `mvn` and cached
// under .cache/kafka (git-ignored). Used by `npm start`, `npm test` and the fault tests, which
// start a second broker on other ports so they can stop it without disturbing anyone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, isPortOpen, log, run, waitFor } from './proc.mjs';

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
  };
}

function writeServerProperties(port, controllerPort, paths) {
  const properties = {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
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
  );
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
 * Returns { started, pid, stop } — `started` is false when an existing broker was reused.
 */
export async function ensureKafka({ port = 9092, controllerPort = port + 1, timeoutMs = 90_000 } = {}) {
  const paths = brokerPaths(port);
  if (await isPortOpen(port)) {
    await waitForBroker(port, timeoutMs);
    return { started: false, pid: readPid(paths.pidFile), stop: async () => undefined };
  }
  const libs = ensureKafkaLibs();
  const classpath = `${libs}/*`;
  writeServerProperties(port, controllerPort, paths);
  if (!fs.existsSync(path.join(paths.dataDir, 'meta.properties'))) {
    const format = spawnSync(
      'java',
      [
        '-cp',
        classpath,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        CLUSTER_ID,
        '-c',
        paths.config,
        '--ignore-formatted',
      ],
      { encoding: 'utf8' },
    );
    if (format.status !== 0) throw new Error(`Kafka storage format failed: ${format.stderr || format.stdout}`);
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
