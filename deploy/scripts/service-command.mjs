#!/usr/bin/env node
// `node deploy/scripts/service-command.mjs <service> <command> [--offset N --prefix P --kafka-port K] [arguments…]`:
// runs one of a service's operator commands (dist/services/<service>/src/<command>.js) as that service, with the
// environment the product gives it: `npm start`'s, or a product copy's (the --offset and --prefix it was started with;
// its broker is on 9192 + offset unless --kafka-port says otherwise, as under `npm test`). Secrets in the environment
// win over the install's (`npm test`'s run has its own). Builds the server code first if it changed. The npm scripts
// `republish` and `import:rerun` are this (docs/runbook.md).
import { ROOT, runAsync } from './lib/proc.mjs';

const [service, command, ...rest] = process.argv.slice(2);
const own = { offset: '0', prefix: 'infra_', 'kafka-port': '' };
const args = [];
for (let i = 0; i < rest.length; i += 1) {
  const name = rest[i].replace(/^--/, '');
  if (rest[i].startsWith('--') && name in own && rest[i + 1] !== undefined) own[name] = rest[++i];
  else args.push(rest[i]);
}
const { buildIfStale, productEnv } = await import('./lib/product.mjs');
const { OWNED_DATABASE_SERVICE, ownedDatabasePort } = await import('./lib/owned-postgres.mjs');
buildIfStale();
const offset = Number(own.offset);
// npm start's broker (9092) and databases, or a copy's own broker and its cluster of one service's database.
const { processes } = productEnv({
  portOffset: offset,
  databasePrefix: own.prefix,
  kafkaPort: Number(own['kafka-port']) || (offset === 0 ? 9092 : 9192 + offset),
  ownedDatabase: offset === 0 ? undefined : { service: OWNED_DATABASE_SERVICE, port: ownedDatabasePort(offset) },
});
const target = processes.find((process) => process.service === service);
if (!target) throw new Error(`no service named ${service}`);
const code = await runAsync('node', [`dist/services/${service}/src/${command}.js`, ...args], {
  cwd: ROOT,
  env: { ...target.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
});
process.exit(code);
