// Stale planner statistics are refreshed by the foundation's job (PostgreSQL with autovacuum off, as here).
import { DataSource } from 'typeorm';
import { pollUntil, runtimeRoleDataSource } from '@infra/platform/testing';
import { refreshStaleStatistics, vacuumDeadRows } from '../src/table-statistics';
import { ScratchDatabase, scratchMessagingDatabase } from './scratch-database';

describe('refreshing stale planner statistics (real PostgreSQL)', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await scratchMessagingDatabase('infra_statistics');
    dataSource = database.dataSource;
    await dataSource.query('ANALYZE');
    await dataSource.query('CREATE TABLE items (id int PRIMARY KEY, tags int[])');
    await dataSource.query('CREATE TABLE untouched (id int PRIMARY KEY)');
    await dataSource.query('ANALYZE untouched');
  });

  afterAll(() => database?.drop());

  const lastAnalyze = async (table: string) =>
    (
      (await dataSource.query(`SELECT last_analyze FROM pg_stat_user_tables WHERE relname = $1`, [table])) as {
        last_analyze: Date | null;
      }[]
    )[0]?.last_analyze ?? null;

  it('analyzes a table changed beyond the threshold, once, and leaves the others', async () => {
    await dataSource.query('INSERT INTO items SELECT g, ARRAY[g % 10] FROM generate_series(1, 5000) g');
    expect(await lastAnalyze('items')).toBeNull();
    // Table counters reach pg_stat_user_tables shortly after the commit.
    const analyzed = await pollUntil('items to be analyzed', async () => {
      const tables = await refreshStaleStatistics(dataSource);
      return tables.length > 0 ? tables : undefined;
    });
    expect(analyzed).toEqual(['public.items']);
    expect(await lastAnalyze('items')).not.toBeNull();
    expect(await refreshStaleStatistics(dataSource)).toEqual([]);
  });

  it('vacuums a table whose dead rows pass the threshold where autovacuum is off, and leaves the others', async () => {
    const [{ autovacuum }] = (await dataSource.query(`SELECT current_setting('autovacuum') AS autovacuum`)) as {
      autovacuum: string;
    }[];
    await dataSource.query('CREATE TABLE queue (id int PRIMARY KEY)');
    await dataSource.query('INSERT INTO queue SELECT generate_series(1, 5000)');
    await dataSource.query('DELETE FROM queue');
    if (autovacuum === 'on') {
      expect(await vacuumDeadRows(dataSource)).toEqual([]); // autovacuum's own work
      return;
    }
    const vacuumed = await pollUntil('queue to be vacuumed', async () => {
      const tables = await vacuumDeadRows(dataSource);
      return tables.includes('public.queue') ? tables : undefined;
    });
    expect(vacuumed).not.toContain('public.untouched');
    const [{ last_vacuum: lastVacuum }] = (await dataSource.query(
      `SELECT last_vacuum FROM pg_stat_user_tables WHERE relname = 'queue'`,
    )) as { last_vacuum: Date | null }[];
    expect(lastVacuum).not.toBeNull();
  });

  it('analyzes the owner’s tables for a runtime role that owns none (the tenant wall’s services)', async () => {
    await dataSource.query('CREATE TABLE walled_items (id int PRIMARY KEY)');
    await dataSource.query('INSERT INTO walled_items SELECT generate_series(1, 5000)');
    const runtime = await runtimeRoleDataSource(String(dataSource.options.database));
    try {
      const analyzed = await pollUntil('walled_items to be analyzed by the runtime role', async () => {
        const tables = await refreshStaleStatistics(runtime.dataSource);
        return tables.includes('public.walled_items') ? tables : undefined;
      });
      expect(analyzed).toContain('public.walled_items');
      expect(await lastAnalyze('walled_items')).not.toBeNull();
    } finally {
      await runtime.drop();
    }
  });
});
