// Two of everything (`npm run start:replicas`): while readers and writers run at a steady rate, each replica is
// restarted in turn as Kubernetes does on a release (SIGTERM, wait until its successor is ready, next). After the
// client's allowed retries (GET on 502, 504 and network errors, as the web app does) no request failed, no write was
// lost, and every copy of the written assets in the other services equals inventory's. And an access change reaches
// both gateways: a revoked API key is refused by each. A replica killed outright (SIGKILL) fails nothing either: the
// idempotent requests it had begun (the reads, PUT assets) are sent again to the other replica (only a POST it had
// begun would fail, with 502). And a schedule runs once per period, not once per replica.
// Runs against a product started with two replicas (deploy/scripts/test.mjs starts one for the `replicas` project).
// Short form: one replica of three services and one gateway; `FAULT_ROLLING=all` restarts all twelve.
import fs from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import type { ApiKeyDto, CreatedApiKeyDto } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import { call, callAs, type OrganizationSession } from '../e2e/support/api-client';
import { ownOrganization } from './support/own-organization';
import { differences } from './support/read-model-copies';

jest.setTimeout(900_000);

const PID_DIR = process.env.E2E_PID_DIR ?? '.cache/test-results/pids';
const SHORT_FORM = ['inventory-1', 'tagging-2', 'analytics-1', 'gateway-1'];
const READERS = Number(process.env.FAULT_READERS ?? 4);
const WRITERS = Number(process.env.FAULT_WRITERS ?? 2);
/** The client's retries of a read (the web app's rule: GET on 502, 504 and time-outs), with its back-off. */
const READ_ATTEMPTS = 3;
const RETRY_AFTER_MS = 300;

interface ProductProcess {
  name: string;
  service: string;
  replica: number;
  port: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const processes = (): ProductProcess[] =>
  JSON.parse(fs.readFileSync(path.join(PID_DIR, 'processes.json'), 'utf8')) as ProductProcess[];
const pidOf = (name: string) => Number(fs.readFileSync(path.join(PID_DIR, `${name}.pid`), 'utf8'));
const isReady = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
};

/** What the load saw: each request's final status (after retries), and how many retries it took. */
interface Tally {
  requests: number;
  retries: number;
  failures: string[];
}

/** One read as the web app makes it: retried on 502, 504 and network errors. */
async function read(as: ReturnType<typeof callAs>, route: string, tally: Tally): Promise<void> {
  tally.requests += 1;
  for (let attempt = 1; ; attempt += 1) {
    let outcome: string;
    try {
      const answer = await as('GET', route);
      if (answer.status === 200) return;
      outcome = `${answer.status} ${answer.text.slice(0, 120)}`;
      if (![502, 504].includes(answer.status)) {
        tally.failures.push(`GET ${route}: ${outcome}`);
        return;
      }
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    if (attempt === READ_ATTEMPTS) {
      tally.failures.push(`GET ${route}: ${outcome} after ${attempt} attempts`);
      return;
    }
    tally.retries += 1;
    await sleep(RETRY_AFTER_MS);
  }
}

/**
 * Readers and writers at a steady rate until `stop()`: reads as the web app makes them (retried), writes (PUT assets,
 * one new asset each) not retried. `stop()` answers what they saw and the externalIds of the acknowledged writes.
 */
function steadyLoad(as: ReturnType<typeof callAs>, run: string) {
  const reads: Tally = { requests: 0, retries: 0, failures: [] };
  const writes: Tally = { requests: 0, retries: 0, failures: [] };
  const written = new Set<string>();
  let running = true;
  const routes = ['assets', 'tags', 'collections', 'business-events', 'users/profile', 'organizations/workload'];
  const reader = async (r: number) => {
    for (let i = r; running; i += 1) await read(as, routes[i % routes.length]!, reads);
  };
  const writer = async (w: number) => {
    for (let round = 0; running; round += 1) {
      const externalId = `i-${run}-${w}-${round}`;
      writes.requests += 1;
      try {
        const answer = await as('PUT', 'assets', {
          assets: [{ externalId, name: `${run}-${w}-${round}`, instance_type: 'm5.large', site: 'us-east-1a' }],
        });
        if (answer.status === 200) written.add(externalId);
        else writes.failures.push(`PUT assets: ${answer.status} ${answer.text.slice(0, 160)}`);
      } catch (error) {
        writes.failures.push(`PUT assets: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(100);
    }
  };
  const load = [...Array(READERS).keys()].map(reader).concat([...Array(WRITERS).keys()].map(writer));
  return {
    stop: async () => {
      running = false;
      await Promise.all(load);
      return { reads, writes, written };
    },
  };
}

/** Waits until the supervisor has replaced `name`'s process `pid` and the new one is ready. */
async function replaced(target: ProductProcess, pid: number): Promise<void> {
  await pollUntil(`${target.name} to be replaced`, () => pidOf(target.name) !== pid, {
    timeoutMs: 60_000,
    intervalMs: 200,
  });
  await pollUntil(`${target.name}'s successor to be ready`, () => isReady(target.port), {
    timeoutMs: 120_000,
    intervalMs: 200,
  });
}

/** The product's copies of the organization's assets converge on inventory's; prints how long that took. */
async function expectCopiesEqual(organizationId: string, what: string): Promise<void> {
  const since = Date.now();
  let left: string[] = [];
  await pollUntil(
    'every copy to equal its source',
    async () => {
      left = await differences(organizationId);
      return left.length === 0;
    },
    { timeoutMs: 180_000, intervalMs: 1000 },
  ).catch(() => undefined);
  process.stdout.write(`[${what}] copies equal ${((Date.now() - since) / 1000).toFixed(1)} s after the fault\n`);
  expect(left).toEqual([]);
}

describe('two replicas of every process', () => {
  let admin: OrganizationSession;
  beforeAll(async () => {
    if (!processes().some((p) => p.replica > 0))
      throw new Error('the product under test runs one replica: start it with `--replicas 2`');
    admin = await ownOrganization('Rolling restart', 50_000);
    // Inventory applies the plan once identity's event reaches it.
    await pollUntil(
      'inventory to know the plan',
      async () =>
        (await callAs(admin)('PUT', 'assets', { assets: [{ externalId: 'i-probe', name: 'probe' }] })).status === 200,
      { timeoutMs: 60_000, intervalMs: 500 },
    );
  });

  it('restarts replica after replica under load: no failed request, no lost write, copies equal', async () => {
    const as = callAs(admin);
    const run = `rolling-${Date.now().toString(36)}`;
    const load = steadyLoad(as, run);
    const restarted: string[] = [];
    const targets =
      process.env.FAULT_ROLLING === 'all' ? processes() : processes().filter((p) => SHORT_FORM.includes(p.name));
    const began = Date.now();
    const restarts = async () => {
      await sleep(2000); // the load runs on a steady product first
      for (const target of targets) {
        const pid = pidOf(target.name);
        const signalled = Date.now();
        process.kill(pid, 'SIGTERM');
        // The shutdown order: it says not-ready first, while it still serves (the balancers take it out).
        const draining = await pollUntil(
          `${target.name} to say it is not ready`,
          async () => {
            const ready = await isReady(target.port);
            if (ready) return undefined;
            const live = await fetch(`http://127.0.0.1:${target.port}/health/live`).then(
              (answer) => answer.status,
              () => 'gone',
            );
            return { live };
          },
          { timeoutMs: 30_000, intervalMs: 100 },
        );
        await replaced(target, pid);
        restarted.push(
          `${target.name} ${((Date.now() - signalled) / 1000).toFixed(1)} s (live while draining: ${draining.live})`,
        );
      }
      await sleep(2000);
    };
    const restarting = await restarts().then(
      () => undefined,
      (error: unknown) => error,
    );
    const { reads, writes, written } = await load.stop();
    if (restarting) throw restarting;
    const seconds = ((Date.now() - began) / 1000).toFixed(0);
    process.stdout.write(
      `[rolling restart] ${restarted.length} restarts in ${seconds} s: ${restarted.join('; ')}\n` +
        `[rolling restart] reads ${reads.requests} (${reads.retries} retried, ${reads.failures.length} failed), ` +
        `writes ${writes.requests} (${writes.failures.length} failed)\n`,
    );
    expect(restarted).toHaveLength(targets.length);
    expect(reads.failures).toEqual([]);
    expect(writes.failures).toEqual([]);
    expect(reads.requests).toBeGreaterThan(targets.length);

    // Every acknowledged write is there, and the other services' copies converge on inventory's.
    const found = await as<{ total: number }>('GET', `assets?search=${run}&pageSize=1`);
    expect([found.status, found.body.total]).toEqual([200, written.size]);
    await expectCopiesEqual(admin.organizationId, 'rolling restart');
  });

  it('a replica killed (SIGKILL) under load: its cut reads and PUTs go to the other replica, it comes back', async () => {
    const as = callAs(admin);
    const run = `killed-${Date.now().toString(36)}`;
    const target = processes().find((p) => p.name === 'inventory-2')!;
    const load = steadyLoad(as, run);
    await sleep(2000);
    const pid = pidOf(target.name);
    const killed = Date.now();
    process.kill(pid, 'SIGKILL');
    const back = await replaced(target, pid).then(
      () => undefined,
      (error: unknown) => error,
    );
    const backAfter = ((Date.now() - killed) / 1000).toFixed(1);
    await sleep(2000);
    const { reads, writes, written } = await load.stop();
    if (back) throw back;
    process.stdout.write(
      `[replica killed] ${target.name} back in ${backAfter} s; reads ${reads.requests} (${reads.retries} retried, ` +
        `${reads.failures.length} failed), writes ${writes.requests} (${writes.failures.length} failed: ` +
        `${writes.failures.join('; ') || 'none'})\n`,
    );
    expect(reads.failures).toEqual([]);
    // A PUT the killed process had begun (maybe committed) is sent again to the other replica: an upsert, made twice.
    expect(writes.failures).toEqual([]);
    const found = await as<{ total: number }>('GET', `assets?search=${run}&pageSize=1`);
    expect(found.body.total).toBe(written.size);
    await expectCopiesEqual(admin.organizationId, 'replica killed');
  });

  it('an access change reaches both gateways: a revoked API key is refused by each', async () => {
    const gateways = processes().filter((p) => p.service === 'gateway');
    expect(gateways.length).toBeGreaterThan(1);
    const keysPath = `accounts/${admin.accountId}/api-keys`;
    const created = await call<CreatedApiKeyDto>('POST', keysPath, {
      token: admin.token,
      body: { name: `rolling ${Date.now()}`, organizationId: admin.organizationId, role: 'User' },
    });
    expect(created.status).toBe(201);
    const withKey = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/v1/assets?pageSize=1`, {
        headers: { authorization: `Bearer ${created.body.secret}` },
      }).then((answer) => answer.status);
    // Each gateway now holds the key's answer in its cache.
    for (const gateway of gateways) expect(await withKey(gateway.port)).toBe(200);
    const revoked = Date.now();
    expect((await call('DELETE', `${keysPath}/${created.body.id}`, { token: admin.token })).status).toBe(204);
    const refusedAfter: string[] = [];
    for (const gateway of gateways) {
      // Well under the gateways' 15 s cache of a key's answer: only the published access change can refuse it in time.
      await pollUntil(`${gateway.name} to refuse the revoked key`, async () => (await withKey(gateway.port)) === 401, {
        timeoutMs: 5_000,
        intervalMs: 20,
      });
      refusedAfter.push(`${gateway.name} ${Date.now() - revoked} ms`);
    }
    process.stdout.write(`[access change] revoked key refused by ${refusedAfter.join(', ')} after the revocation\n`);
    const listed = await call<ApiKeyDto[]>('GET', keysPath, { token: admin.token });
    expect(listed.body.find((key) => key.id === created.body.id)?.revokedAt).toEqual(expect.any(String));
  });

  it('runs each scheduled job once per period, whichever replica takes it', async () => {
    // Analytics' sweeps run every minute; each run's job id carries its period's time (BullMQ job schedulers).
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1');
    try {
      const ids = (
        await Promise.all(['completed', 'failed', 'delayed'].map((set) => redis.zrange(`bull:analytics:${set}`, 0, -1)))
      ).flat();
      const runs = ids
        .map((id) => /^repeat:roll-up-sweep:(\d+)$/.exec(id)?.[1])
        .filter((time): time is string => time !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
      const gaps = runs.slice(1).map((time, i) => time - runs[i]!);
      process.stdout.write(
        `[schedules] roll-up-sweep: ${runs.length} runs kept, gaps ${[...new Set(gaps)].join(', ')} ms\n`,
      );
      expect(runs.length).toBeGreaterThan(1);
      for (const gap of gaps) expect(gap % 60_000).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
