#!/usr/bin/env node
// `node deploy/scripts/kafka-broker.mjs start|stop <port>`: a broker of our own on another port, for
// tests that must stop and restart Kafka without disturbing the shared one (and for benchmarks).
import { ensureKafka, stopKafka } from './lib/kafka.mjs';

const [command, portArg] = process.argv.slice(2);
const port = Number(portArg ?? 9092);
if (command === 'start') {
  await ensureKafka({ port });
} else if (command === 'stop') {
  await stopKafka(port);
} else {
  process.stderr.write('usage: kafka-broker.mjs start|stop <port>\n');
  process.exit(2);
}
