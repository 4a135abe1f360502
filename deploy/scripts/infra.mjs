#!/usr/bin/env node
// `npm run infra:up` / `npm run infra:down`: the local infrastructure without Docker.
import { ensureKafka, stopKafka } from './lib/kafka.mjs';
import { ensureDatabases, ensurePostgres, ensureRedis } from './lib/postgres.mjs';
import { log } from './lib/proc.mjs';

export async function provisionInfrastructure() {
  await ensurePostgres();
  await ensureRedis();
  await ensureDatabases();
  return ensureKafka({ port: Number(process.env.KAFKA_PORT ?? 9092) });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv[2] ?? 'up';
  if (command === 'up') {
    await provisionInfrastructure();
    log('PostgreSQL, Redis and Kafka are ready');
  } else if (command === 'down') {
    await stopKafka(Number(process.env.KAFKA_PORT ?? 9092));
    log('Kafka stopped (PostgreSQL and Redis belong to the machine and keep running)');
  } else {
    throw new Error(`usage: infra.mjs up|down (got ${command})`);
  }
}
