// A scratch PostgreSQL database with the messaging tables (outbox, inbox), dropped by `drop`.
import { DataSource } from 'typeorm';
import { runMigrationsLocked } from '@infra/platform';
import { createTestDatabase, testDatabaseConfig } from '@infra/platform/testing';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '../src';

export interface ScratchDatabase {
  dataSource: DataSource;
  drop(): Promise<void>;
}

export async function scratchMessagingDatabase(prefix: string): Promise<ScratchDatabase> {
  const database = await createTestDatabase(prefix);
  const cfg = testDatabaseConfig();
  const dataSource = new DataSource({
    type: 'postgres',
    host: cfg.host,
    port: cfg.port,
    username: cfg.user,
    password: cfg.password,
    database: database.name,
    entities: MESSAGING_ENTITIES,
    migrations: MESSAGING_MIGRATIONS,
    extra: { max: 10 },
  });
  await runMigrationsLocked(dataSource);
  return {
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await database.drop();
    },
  };
}
