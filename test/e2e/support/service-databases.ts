// Where each service's database of the product under test is: on the machine's cluster, but for the one service
// whose database is on a cluster of the product's own (E2E_OWNED_DATABASE, set by `npm test` and product copies;
// deploy/scripts/lib/owned-postgres.mjs), which the fault suite stops and starts.
import { Client } from 'pg';

const DATABASE_PREFIX = process.env.E2E_DATABASE_PREFIX ?? 'infra_test_';

export interface OwnedDatabase {
  service: string;
  port: number;
  dataDir: string;
  /** pg_ctl's command line, as the cluster's owner. */
  pgCtl: string[];
}

export const ownedDatabase: OwnedDatabase | undefined = process.env.E2E_OWNED_DATABASE
  ? (JSON.parse(process.env.E2E_OWNED_DATABASE) as OwnedDatabase)
  : undefined;

/** A client (not connected) of the service's database, as its owner. */
export function serviceDatabaseClient(service: string): Client {
  return new Client({
    host: '127.0.0.1',
    port: ownedDatabase?.service === service ? ownedDatabase.port : 5432,
    user: 'postgres',
    database: `${DATABASE_PREFIX}${service}`,
  });
}

/** One query on the service's database, on a connection of its own. */
export async function queryServiceDatabase<T>(service: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = serviceDatabaseClient(service);
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
