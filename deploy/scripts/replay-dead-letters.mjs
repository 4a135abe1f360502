#!/usr/bin/env node
// `npm run dlq:replay -- --topic <topic> [--consumer <name>] [--event <id>] [--include-invalid] [--dry-run]`: sends
// a topic's dead letters back to it on the local broker (KAFKA_BROKERS, default npm start's 127.0.0.1:9092), as the
// broker's admin, building the server code first if it changed (libs/messaging/src/replay-dead-letters.ts).
import { ROOT, runAsync } from './lib/proc.mjs';

const { buildIfStale } = await import('./lib/product.mjs');
const { brokerCredentials } = await import('./lib/kafka.mjs');
const { KAFKA_ADMIN_USER } = await import('./lib/services.mjs');
const brokers = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';
const port = Number(brokers.split(',')[0].split(':').at(-1));
const credentials = brokerCredentials(port);
if (!credentials) {
  process.stderr.write(`no local Kafka broker of ours on port ${port} (KAFKA_BROKERS): start the product first\n`);
  process.exit(1);
}
buildIfStale();
const code = await runAsync('node', ['dist/libs/messaging/src/replay-dead-letters.js', ...process.argv.slice(2)], {
  cwd: ROOT,
  env: {
    ...process.env,
    KAFKA_BROKERS: brokers,
    KAFKA_USERNAME: KAFKA_ADMIN_USER,
    KAFKA_PASSWORD: credentials.admin,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
process.exit(code);
