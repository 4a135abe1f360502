// Medium tier: a walled service's migration creates and grants the role the service serves as (the tenant wall), as
// `npm start`, `npm test` and the Docker and Kubernetes migrate jobs run it: real PostgreSQL, a scratch database.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';
import { createTestDatabase, testDatabaseConfig } from '@infra/platform/testing';
import { migrateService, type ServiceDefinition } from '../src';

describe('migrateService and the runtime role (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const role = `infra_it_migrate_${randomBytes(4).toString('hex')}`;
  const admin = () => new Client({ ...testDatabaseConfig(), database: database.name });

  const definition = (runtime: string, password: string): ServiceDefinition => ({
    name: 'events',
    env: loadServiceEnv('events', ServiceEnv, {
      ...process.env,
      DATABASE_NAME: database.name,
      DATABASE_USER: runtime,
      DATABASE_PASSWORD: password,
      DATABASE_MIGRATION_USER: testDatabaseConfig().user,
      DATABASE_MIGRATION_PASSWORD: testDatabaseConfig().password ?? '',
    }),
    entities: [],
    migrations: [],
    consumesEvents: false,
    refusals: { organizationAdmin: () => new Error('Admin only') },
  });

  const query = async (text: string, values: unknown[] = []) => {
    const client = admin();
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase('infra_medium_migrate');
  });

  afterAll(async () => {
    await query(`DROP OWNED BY "${role}"`).catch(() => undefined);
    await query(`DROP ROLE IF EXISTS "${role}"`);
    await database?.drop();
  });

  it('creates the role the service serves as: login, password, no superuser, no BYPASSRLS, owns nothing', async () => {
    await migrateService(definition(role, 'first-secret'));
    const [created] = await query(
      `SELECT rolcanlogin AS login, rolsuper AS superuser, rolbypassrls AS bypass, rolcreaterole AS createrole,
              rolpassword IS NOT NULL AS password
         FROM pg_authid WHERE rolname = $1`,
      [role],
    );
    expect(created).toEqual({ login: true, superuser: false, bypass: false, createrole: false, password: true });
    const [owned] = await query(`SELECT count(*)::int AS tables FROM pg_tables WHERE tableowner = $1`, [role]);
    expect(owned.tables).toBe(0);
  });

  it('grants it reading and writing every table, now and created later, and changes its password with the secret', async () => {
    const [before] = await query(`SELECT rolpassword FROM pg_authid WHERE rolname = $1`, [role]);
    await migrateService(definition(role, 'rotated-secret')); // a second run: idempotent
    const [after] = await query(`SELECT rolpassword FROM pg_authid WHERE rolname = $1`, [role]);
    expect(after.rolpassword).not.toBe(before.rolpassword);
    await query(`CREATE TABLE created_later (id int)`);
    const [grants] = await query(
      `SELECT has_table_privilege($1, 'outbox', 'SELECT, INSERT, UPDATE, DELETE') AS outbox,
              has_table_privilege($1, 'created_later', 'SELECT, INSERT, UPDATE, DELETE') AS later,
              has_database_privilege($1, current_database(), 'CONNECT') AS connect,
              has_schema_privilege($1, 'public', 'CREATE') AS create_tables`,
      [role],
    );
    expect(grants).toEqual({ outbox: true, later: true, connect: true, create_tables: false });
  });

  it('refuses to serve as a superuser or a role that bypasses row-level security: the wall would not hold', async () => {
    await query(`ALTER ROLE "${role}" BYPASSRLS`);
    await expect(migrateService(definition(role, 'x'))).rejects.toThrow(/bypasses row-level security/);
    await query(`ALTER ROLE "${role}" NOBYPASSRLS`);
  });
});
