// Stale planner statistics are refreshed by the foundation's job (PostgreSQL with autovacuum off, as here).
import { DataSource } from 'typeorm';
import { pollUntil } from '@infra/platform/testing';
import { refreshStaleStatistics } from '../src/table-statistics';
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
});
