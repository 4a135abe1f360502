// Medium tier: a scratch PostgreSQL database per test file, with identity's real migrations.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import { databaseOptions, runMigrationsLocked } from '@infra/platform';
import { IDENTITY_ENTITIES } from '../../src/identity.entities';
import { IdentityEnv, loadIdentityEnv } from '../../src/identity.env';
import { IDENTITY_MIGRATIONS } from '../../src/identity.service-definition';

const ADMIN = {
  host: process.env.DATABASE_HOST ?? '127.0.0.1',
  port: Number(process.env.DATABASE_PORT ?? 5432),
  user: process.env.DATABASE_USER ?? 'postgres',
  password: process.env.DATABASE_PASSWORD ?? '',
  database: 'postgres',
};

export interface ScratchDatabase {
  dataSource: DataSource;
  env: IdentityEnv;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(ADMIN);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `infra_medium_identity_<random>`, runs the real migrations, and drops it in `drop()`. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `infra_medium_identity_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const env = loadIdentityEnv({
    DATABASE_NAME: name,
    DATABASE_HOST: ADMIN.host,
    DATABASE_PORT: String(ADMIN.port),
    DATABASE_USER: ADMIN.user,
    DATABASE_PASSWORD: ADMIN.password,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    // Required by every service; unused here (no HTTP).
    CALLER_CONTEXT_PUBLIC_KEY: generateKeyPairSync('ed25519')
      .publicKey.export({ format: 'der', type: 'spki' })
      .toString('base64'),
  });
  const dataSource = new DataSource(
    databaseOptions(
      env,
      [...MESSAGING_ENTITIES, ...IDENTITY_ENTITIES],
      [...MESSAGING_MIGRATIONS, ...IDENTITY_MIGRATIONS],
    ),
  );
  await runMigrationsLocked(dataSource);
  return {
    dataSource,
    env,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
