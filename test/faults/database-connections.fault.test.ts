// PostgreSQL drops every connection of one service under load (pg_terminate_backend, as a failover or an operator
// does): requests in flight fail with 503 and the standard body (never a 500 or a reset), the service serves again
// within 15 s by itself (its pool reconnects, no restart), and the other services do not notice.
// Short form in `npm test`; `FAULT_ROUNDS=10 FAULT_CLIENTS=16` for a longer run.
import { Client } from 'pg';
import { MESSAGES } from '@infra/contracts';
import { callAs, organizationSession, type OrganizationSession } from '../e2e/support/api-client';
import { type Answer, pidOf, sleep } from './support/processes';

jest.setTimeout(180_000);

const DATABASE_PREFIX = process.env.E2E_DATABASE_PREFIX ?? 'infra_test_';
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3);
const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 6);
const RECOVERY_BOUND_MS = 15_000;

/** Terminates every connection to the service's database but this one; answers how many there were. */
async function dropConnections(service: string): Promise<number> {
  const admin = new Client({ host: '127.0.0.1', user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    const [row] = (
      await admin.query<{ terminated: string }>(
        `SELECT count(pg_terminate_backend(pid)) AS terminated FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [`${DATABASE_PREFIX}${service}`],
      )
    ).rows;
    return Number(row?.terminated ?? 0);
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL connections of a service dropped under load', () => {
  let admin: OrganizationSession;
  beforeAll(async () => {
    admin = await organizationSession('admin');
  });

  it('fails requests in flight with 503 only, and serves again within 15 s without a restart', async () => {
    const as = callAs(admin);
    const pidBefore = pidOf('inventory');
    const inventory: Answer[] = [];
    const events: Answer[] = [];
    let running = true;
    const load = async (into: Answer[], route: string) => {
      while (running) {
        const answer = await as('GET', route);
        into.push({ at: Date.now(), status: answer.status, body: answer.body });
      }
    };
    // Writers too: an upsert is a transaction (advisory lock, rows, outbox) whose connection can go between statements.
    const run = Date.now().toString(36);
    const write = async (writer: number) => {
      for (let round = 0; running; round += 1) {
        const assets = [0, 1, 2].map((i) => ({
          externalId: `i-fault-${run}-${writer}-${i}`,
          name: `fault-${run}-${writer}-${i}`,
          instance_type: 'm5.xlarge',
          site: 'us-east-1a',
          cpu_cores: 2 + (round % 4),
          memory: 8,
          current_generation: true,
        }));
        const answer = await as('PUT', 'assets', { assets });
        inventory.push({ at: Date.now(), status: answer.status, body: answer.body });
      }
    };
    const clients = [
      ...Array.from({ length: CLIENTS }, () => load(inventory, 'assets?pageSize=50&sort=name')),
      write(1),
      write(2),
      load(events, 'business-events'),
    ];
    let terminated = 0;
    let lastDrop = 0;
    try {
      await sleep(500);
      for (let round = 0; round < ROUNDS; round += 1) {
        terminated += await dropConnections('inventory');
        lastDrop = Date.now();
        await sleep(400);
      }
      // Recovered: every client's answers after the last drop end in a run of 200s.
      const deadline = lastDrop + RECOVERY_BOUND_MS;
      while (Date.now() < deadline) {
        const after = inventory.filter((answer) => answer.at > lastDrop);
        if (after.length >= 20 && after.slice(-20).every((answer) => answer.status === 200)) break;
        await sleep(100);
      }
    } finally {
      running = false;
      await Promise.all(clients);
    }

    const failures = inventory.filter((answer) => answer.status !== 200);
    const after = inventory.filter((answer) => answer.at > lastDrop);
    const firstOk = after.find((answer) => answer.status === 200);
    process.stdout.write(
      `database connections dropped: ${terminated} connections terminated in ${ROUNDS} rounds under ${CLIENTS} ` +
        `clients; ${inventory.length} inventory requests, ${failures.length} failed (all 503), first 200 ` +
        `${firstOk ? firstOk.at - lastDrop : 'never'} ms after the last drop; business-events ${events.length} ` +
        `requests, ${events.filter((answer) => answer.status !== 200).length} failed\n`,
    );

    expect(terminated).toBeGreaterThan(0);
    for (const failure of failures)
      expect(failure).toMatchObject({
        status: 503,
        body: { statusCode: 503, message: MESSAGES.unavailable, code: 'UNAVAILABLE', errorId: expect.any(String) },
      });
    expect(after.slice(-20).map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(events.every((answer) => answer.status === 200)).toBe(true);
    // The same process: the pool reconnected, nothing restarted it.
    if (pidBefore !== undefined) expect(pidOf('inventory')).toBe(pidBefore);
    expect((await as('GET', 'assets?pageSize=1')).status).toBe(200);
  });
});
