// A PostgreSQL cluster of the product's own (initdb in a folder of its own, on a port of its own) for one service's
// database, so that a test can stop and start a whole database server (test/faults/database-restart.fault.test.ts)
// without touching the machine's cluster, which every other database and every other copy of the product share.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPortOpen, log, run, waitFor } from './proc.mjs';

/** The service whose database lives on the owned cluster: imports, a consumer, an outbox and a worker. */
export const OWNED_DATABASE_SERVICE = 'tagging';

/** The owned cluster of the product copy on `portOffset` (npm test: 15432; a copy on offset 20000: 25432). */
export const ownedDatabasePort = (portOffset) => 5432 + portOffset;

function binDir() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('initdb was not found under /usr/lib/postgresql: install PostgreSQL 15');
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
const asOwner = () => (process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : []);

/** The command line of pg_ctl, as the cluster's owner (tests run it to stop and start the cluster). */
export const pgCtlCommand = () => [...asOwner(), path.join(binDir(), 'pg_ctl')];

function runAsOwner(command, args) {
  const [first, ...rest] = [...asOwner(), path.join(binDir(), command), ...args];
  run(first, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Starts the owned cluster on `port` (created with initdb the first time, or again with `fresh`) and creates
 * `databases` on it. Answers what a test needs to stop and start it, and `stop`.
 */
export async function startOwnedCluster({ port, databases, fresh = false }) {
  const dataDir = path.join(os.tmpdir(), `infra-pg-${port}`);
  const running = await isPortOpen(port);
  if (running && fresh && fs.existsSync(dataDir)) runAsOwner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  else if (running && !fs.existsSync(dataDir)) throw new Error(`port ${port} is taken by something else`);
  if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`creating a PostgreSQL cluster of our own in ${dataDir} (port ${port})`);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (process.getuid?.() === 0) run('chown', ['postgres:postgres', dataDir]);
    runAsOwner('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      `\n# the product's own cluster (deploy/scripts/lib/owned-postgres.mjs)\nport = ${port}\n` +
        `listen_addresses = '127.0.0.1'\nunix_socket_directories = '${dataDir}'\nmax_connections = 200\n`,
    );
  }
  if (!(await isPortOpen(port))) {
    runAsOwner('pg_ctl', ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
    await waitFor(`PostgreSQL on ${port}`, () => isPortOpen(port), { timeoutMs: 30_000 });
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    for (const name of databases) {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  return {
    port,
    dataDir,
    /** For the tests (E2E_OWNED_DATABASE): which service, where, and how to stop and start it. */
    describe: (service) => JSON.stringify({ service, port, dataDir, pgCtl: pgCtlCommand() }),
    stop: () => runAsOwner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
  };
}
