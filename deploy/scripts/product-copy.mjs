#!/usr/bin/env node
// A private copy of the whole product for parallel development and end-to-end debugging:
//   node deploy/scripts/product-copy.mjs --offset 20000 --prefix infra_dev1_ --redis-db 2 [--fresh]
// Builds, creates (with --fresh: recreates) the databases <prefix><service>, migrates, seeds and serves the
// product on ports shifted by --offset (gateway at 8080 + offset) on the local Kafka broker (9092), with its
// own Redis database. Run the e2e tests against it with BASE_URL and E2E_PORT_OFFSET as printed. Ctrl-C stops.
import { parseArgs } from 'node:util';
import { log } from './lib/proc.mjs';

const { values } = parseArgs({
  options: {
    offset: { type: 'string', default: '20000' },
    prefix: { type: 'string', default: 'infra_dev1_' },
    'redis-db': { type: 'string', default: '2' },
    fresh: { type: 'boolean', default: false },
  },
});
const offset = Number(values.offset);
const { ensureInstalled, buildIfStale, productEnv, migrateAndSeed, startProduct, SERVICES } =
  await import('./lib/product.mjs');
ensureInstalled();
const { ensureDatabases, ensurePostgres, recreateDatabases, ensureRedis } = await import('./lib/postgres.mjs');
const { ensureKafka } = await import('./lib/kafka.mjs');
await ensurePostgres();
await ensureRedis();
const databases = SERVICES.map((service) => `${values.prefix}${service}`);
await (values.fresh ? recreateDatabases(databases) : ensureDatabases(databases));
await ensureKafka({ port: 9092 });
buildIfStale();
const redisUrl = `redis://127.0.0.1:6379/${values['redis-db']}`;
const { processes, gatewayUrl } = productEnv({
  portOffset: offset,
  databasePrefix: values.prefix,
  kafkaPort: 9092,
  extra: { REDIS_URL: redisUrl, MAIL_DIR: `.cache/mail-${offset}` },
});
await migrateAndSeed(processes);
const product = await startProduct(processes, { gatewayUrl });
log(`ready: ${gatewayUrl}`);
log(`e2e: BASE_URL=${gatewayUrl} E2E_PORT_OFFSET=${offset} REDIS_URL=${redisUrl} npx jest --selectProjects e2e <file>`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    await product.stop();
    process.exit(0);
  });
