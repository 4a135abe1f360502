import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { metricsRegistry } from '../metrics/metrics';

/** What node-postgres's pool tells of itself. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

const pools = new Set<PoolCounts>();

/**
 * The serving pool's connections in use and idle, and the queries waiting for one: a pool whose callers wait for
 * minutes is too small for the load, or its connections are held (a slow query, a long transaction).
 */
new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL connections of the serving pool by state: in_use, idle, waiting (callers waiting for one), max',
  labelNames: ['state'],
  registers: [metricsRegistry],
  collect() {
    let [inUse, idle, waiting, max] = [0, 0, 0, 0];
    for (const pool of pools) {
      inUse += pool.totalCount - pool.idleCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
      max += pool.options.max ?? 10;
    }
    this.set({ state: 'in_use' }, inUse);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
    this.set({ state: 'max' }, max);
  },
});

/** Counts the data source's pool in `db_pool_connections` (the process's serving pool; not migrations' or jobs'). */
export function observeDatabasePool(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: PoolCounts }).master;
  if (pool) pools.add(pool);
}
