#!/usr/bin/env node
// `npm run migrate`: applies the pending migrations of every service to its database (the same databases and
// secrets as `npm start`), building the server code first if it changed. Loads no demo data.
import { log } from './lib/proc.mjs';

const { ensureInstalled, buildIfStale, productEnv, migrateAll } = await import('./lib/product.mjs');
ensureInstalled();
const { ensurePostgres, ensureDatabases } = await import('./lib/postgres.mjs');
await ensurePostgres();
await ensureDatabases();
buildIfStale();
await migrateAll(productEnv().processes);
log('every service is migrated');
