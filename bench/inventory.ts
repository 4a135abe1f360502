// Inventory figures through the gateway, in one run (needs the product running: `npm start`; then
// `npm run bench:inventory`). In a fresh account and organization (the demo data is left alone) it:
//   1. loads ASSETS (100,000) generated assets with PUT assets, 1000 per call from CLIENTS (2) loaders: assets/s;
//   2. puts 20% of them in a collection and tags 10% (tagging.tags.assigned.v1 events on Kafka, the real path);
//   3. times GET assets (page of 50, sorted by name, with the tag filter and the collection filter): p50/p95; then
//      the same list query of the repository, and a one-row write, alternately behind the tenant wall (row-level
//      security, the purge lock on writes) and beyond it;
//   4. times PUT assets of one asset → inventory.asset.upserted.v1 consumed by a second consumer group: p50/p95.
// Targets: GET p95 < 50 ms; PUT ≥ 5,000 assets/s; event consumed p95 < 250 ms.
// BASE_URL (http://localhost:8080), KAFKA_BROKERS (127.0.0.1:9092), INVENTORY_DATABASE (infra_inventory), ASSETS,
// SAMPLES (300), EVENTS (50).
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { kafkaSettingsForTests } from '@infra/platform/testing';
import { summarise } from './stats';
import { AssetsRepository } from '../services/inventory/src/assets/assets.repository';
import { api, freshOrganization, timed } from './bench-client';
import { printWallCost } from './wall-cost';

const ASSETS = Number(process.env.ASSETS ?? 100_000);
const SAMPLES = Number(process.env.SAMPLES ?? 300);
const EVENTS = Number(process.env.EVENTS ?? 50);
/** Concurrent loaders of step 1 (each sends its share of the calls one after another). */
const CLIENTS = Number(process.env.CLIENTS ?? 2);
/** Inventory's database, for the wall's cost (step 3): `npm start`'s unless told (a product copy has a prefix). */
const INVENTORY_DATABASE = process.env.INVENTORY_DATABASE ?? 'infra_inventory';

/** One call's worth of assets: realistic attributes, distinct names (sorting by name has work to do). */
function batch(start: number, size: number) {
  return Array.from({ length: size }, (_, i) => {
    const n = start + i;
    return {
      externalId: `i-bench-${n.toString(16).padStart(10, '0')}`,
      name: `bench-${((n * 7919) % 1_000_003).toString(36)}-${n}`,
      instance_type: ['m6i.large', 'c6g.xlarge', 'r6i.2xlarge', 'm4.large'][n % 4],
      site: ['us-east-1a', 'us-west-2a', 'eu-west-1a'][n % 3],
      physical_processor: 'Intel Xeon 8375C',
      memory: [8, 8, 64, 8][n % 4],
      cpu_cores: [2, 4, 8, 2][n % 4],
      storage: 'EBS only',
      cpu_speed: 3.5,
      network_speed: 'Up to 12.5 Gigabit',
      current_generation: n % 4 !== 3,
      network_bandwidth_max: 12.5,
      instance_lifecycle: 'on-demand',
      cpu_generation: 'Ice Lake',
      storage_throughput: 1250,
    };
  });
}

async function main(): Promise<void> {
  const { run, accountId, organizationId } = await freshOrganization();

  // 1. Load, CLIENTS calls in flight at a time.
  const ids: string[] = new Array<string>(ASSETS);
  const callTimes: number[] = [];
  const starts = Array.from({ length: Math.ceil(ASSETS / 1000) }, (_, i) => i * 1000);
  const loadStarted = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
        const size = Math.min(1000, ASSETS - start);
        const [result, ms] = await timed(() =>
          api<{ results: { id: string }[] }>('PUT', 'assets', { assets: batch(start, size) }),
        );
        result.results.forEach((r, i) => (ids[start + i] = r.id));
        callTimes.push(ms);
      }
    }),
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  process.stdout.write(
    `PUT assets (1000 per call, ${CLIENTS} clients): ${ASSETS} assets in ${loadSeconds.toFixed(1)} s = ${Math.round(
      ASSETS / loadSeconds,
    )} assets/s\n${summarise('  per call', callTimes)}\n`,
  );

  // 2. A collection of every 5th asset; a tag on every 10th (events on Kafka, as tagging will send them).
  const collection = await api<{ id: string }>('POST', 'collections', { name: `bench ${run}` });
  const members = ids.filter((_, i) => i % 5 === 0);
  for (let start = 0; start < members.length; start += 1000)
    await api('PUT', `collections/${collection.id}/assets`, { add: members.slice(start, start + 1000) });
  const tagId = randomUUID();
  const tagged = ids.filter((_, i) => i % 10 === 0);
  const kafka = new Kafka({ ...kafkaSettingsForTests('bench-inventory'), logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  for (let start = 0; start < tagged.length; start += 1000) {
    const payload = {
      assignments: tagged.slice(start, start + 1000).map((assetId) => ({ tagId, assetId })),
      unassignments: [],
    };
    await producer.send({
      topic: 'tagging.tags.assigned.v1',
      messages: [
        {
          key: organizationId,
          value: JSON.stringify({
            eventId: randomUUID(),
            type: 'tagging.tags.assigned.v1',
            occurredAt: new Date().toISOString(),
            accountId,
            organizationId,
            actorId: null,
            payload,
          }),
        },
      ],
    });
  }
  await producer.disconnect();
  const query = `assets?pageSize=50&sort=name&tagIds=${tagId}&collectionIds=${collection.id}`;
  // Every 10th asset is tagged and every 5th is a member: the filters together match every 10th.
  const expected = Math.ceil(ASSETS / 10);
  for (let waited = 0; (await api<{ total: number }>('GET', query)).total < expected; waited += 1) {
    if (waited > 600) throw new Error('the tag assignments never reached the read model');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // 3. Filtered pages (a few pages deep as well as the first), once the planner knows the new rows: autovacuum's
  // analyze, or where it is off the services' refresh-statistics job (every minute).
  process.stdout.write('waiting 65 s for the planner statistics of the new rows\n');
  await new Promise((resolve) => setTimeout(resolve, 65_000));
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i += 1) {
    const page = 1 + (i % 5);
    const [, ms] = await timed(() => api('GET', `${query}&page=${page}`));
    if (i >= 20) latencies.push(ms);
  }
  process.stdout.write(
    `${summarise(`GET assets (${ASSETS} assets, page of 50 sorted by name, tag + collection filter, ${expected} match)`, latencies)}\n`,
  );
  await wallCost(organizationId, { tagIds: [tagId], collectionIds: [collection.id] });
  const plain: number[] = [];
  for (let i = 0; i < 100; i += 1) plain.push((await timed(() => api('GET', 'assets?pageSize=50&sort=-cpu_cores')))[1]);
  process.stdout.write(`${summarise(`GET assets (no filter, sorted by -cpu_cores)`, plain)}\n`);

  // 4. PUT → event consumed by another service's consumer group.
  const consumer = kafka.consumer({ groupId: `bench-inventory-${run}` });
  const arrivals = new Map<string, number>();
  await consumer.connect();
  await consumer.subscribe({ topic: 'inventory.asset.upserted.v1', fromBeginning: false });
  let joined = false;
  consumer.on(consumer.events.GROUP_JOIN, () => {
    joined = true;
  });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const envelope = JSON.parse(message.value?.toString() ?? '{}') as { payload?: { name?: string } };
      if (envelope.payload?.name) arrivals.set(envelope.payload.name, performance.now());
    },
  });
  while (!joined) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const eventLatencies: number[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const name = `bench-event-${run}-${i}`;
    const sent = performance.now();
    await api('PUT', 'assets', { assets: [{ externalId: `i-event-${run}-${i}`, name }] });
    while (!arrivals.has(name)) {
      if (performance.now() - sent > 10_000) throw new Error(`event of ${name} not consumed within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    eventLatencies.push(arrivals.get(name)! - sent);
  }
  await consumer.disconnect();
  process.stdout.write(`${summarise('PUT assets → inventory.asset.upserted.v1 consumed', eventLatencies)}\n`);
}

/** The tenant wall's cost on inventory's own list query (the repository the service runs) and a write, same run. */
async function wallCost(organizationId: string, filter: { tagIds: string[]; collectionIds: string[] }): Promise<void> {
  const options = {
    ...filter,
    limit: 50,
    offset: 0,
    sort: 'name' as const,
    descending: false,
    statuses: ['active' as const],
  };
  await printWallCost('inventory', INVENTORY_DATABASE, organizationId, SAMPLES, {
    'list query': (dataSource, run) =>
      new AssetsRepository(dataSource).list(organizationId, { ...options, offset: 50 * (run % 5) }),
    // A write's cost too: behind the wall each written row takes the organization's purge lock (tenant_wall_writable).
    'one-row write (insert, then delete, in a transaction)': (dataSource) =>
      dataSource.transaction(async (manager) => {
        const itemId = randomUUID();
        await manager.query(
          `INSERT INTO sidebar_favorites (user_id, organization_id, item_type, item_id) VALUES ($1, $2, 'asset', $3)`,
          [itemId, organizationId, itemId],
        );
        await manager.query(`DELETE FROM sidebar_favorites WHERE organization_id = $1 AND item_id = $2`, [
          organizationId,
          itemId,
        ]);
      }),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
