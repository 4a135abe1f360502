// Consumer pace (issue 24): how fast each service's consumers apply inventory's asset upserts, against the running
// product (`npm start` or a product copy). Run: `npm run bench:consumer-pace` (ASSETS=2000). In a fresh account and
// organization it sends ASSETS new demo-fleet assets (`PUT assets`, calls of 1000) and watches every process's
// `inbox_events_total` until each consumer of `inventory.asset.upserted.v1` has taken them all; it prints each
// consumer's events per second from the first `PUT`, and beside it the baseline measured in the same run: bare
// one-row transactions (BEGIN, INSERT, COMMIT) per second on the same PostgreSQL, one after the other, which is the
// floor of a consumer that commits each event alone. PID_DIR: where the product's processes.json is (`.cache/pids`,
// `.cache/pids-<offset>` for a copy); DATABASE_URL: any database of the product's cluster (for the baseline).
import { Client } from 'pg';
import { TOPICS, type UpsertAssetsResponse } from '@infra/contracts';
import { api, freshOrganization, pollUntil } from './bench-client';
import { demoGenerators } from './demo-generators';
import { metricsText, productProcesses, samplesOf } from './product-metrics';

const ASSETS = Number(process.env.ASSETS ?? 2000);
const BASELINE_COMMITS = Number(process.env.BASELINE_COMMITS ?? 1000);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/infra_analytics';
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Bare one-row commits per second, one after the other, on a scratch table dropped afterwards. */
async function bareCommitsPerSecond(): Promise<number> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const table = `bench_commit_baseline_${process.pid}`;
  try {
    await db.query(`CREATE TABLE ${table} (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`);
    const started = performance.now();
    for (let i = 0; i < BASELINE_COMMITS; i += 1) {
      await db.query('BEGIN');
      await db.query(`INSERT INTO ${table} (id) VALUES ($1)`, [i]);
      await db.query('COMMIT');
    }
    return BASELINE_COMMITS / ((performance.now() - started) / 1000);
  } finally {
    await db.query(`DROP TABLE IF EXISTS ${table}`);
    await db.end();
  }
}

/** Events of asset upserts each consumer of each process has taken so far, by `process/consumer`. */
async function upsertsTaken(): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  for (const process_ of productProcesses()) {
    for (const { labels, value } of samplesOf(await metricsText(process_), 'inbox_events_total')) {
      if (!labels.topic?.endsWith(TOPICS.inventoryAssetUpserted)) continue;
      const key = `${process_.name}/${labels.consumer}`;
      taken.set(key, (taken.get(key) ?? 0) + value);
    }
  }
  return taken;
}

async function main(): Promise<void> {
  const baseline = await bareCommitsPerSecond();
  say(`baseline: ${baseline.toFixed(0)} bare one-row commits/s (${(1000 / baseline).toFixed(2)} ms each)`);
  const { run } = await freshOrganization();
  const { generateAssets } = await demoGenerators();
  const assets = generateAssets(ASSETS, { seed: 25, label: `pace-${run}` });
  // A consumer that has taken nothing since its process started has no counter yet (0).
  const before = await upsertsTaken();
  const started = performance.now();
  for (let start = 0; start < assets.length; start += 1000)
    await api<UpsertAssetsResponse>('PUT', 'assets', { assets: assets.slice(start, start + 1000) });
  say(`${ASSETS} assets sent in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const done = new Map<string, number>();
  let consumers = 0;
  let lastNewConsumer = performance.now();
  await pollUntil(
    'every consumer to take the upserts',
    async () => {
      const now = await upsertsTaken();
      if (now.size !== consumers) [consumers, lastNewConsumer] = [now.size, performance.now()];
      for (const [key, value] of now)
        if (!done.has(key) && value - (before.get(key) ?? 0) >= ASSETS) done.set(key, performance.now() - started);
      // Done when every consumer seen has taken them all and no new one has shown up for a while.
      return consumers > 0 && done.size === consumers && performance.now() - lastNewConsumer > 5000;
    },
    { timeoutMs: 1_800_000, everyMs: 250 },
  );
  say('consumer                                   events/s   ms/event   × a bare commit');
  for (const [key, ms] of [...done].sort((a, b) => a[1] - b[1])) {
    const perSecond = ASSETS / (ms / 1000);
    say(
      `${key.padEnd(42)} ${perSecond.toFixed(0).padStart(8)} ${(ms / ASSETS).toFixed(2).padStart(10)} ${(baseline / perSecond).toFixed(1).padStart(17)}`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
