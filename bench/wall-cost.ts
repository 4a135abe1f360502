// The tenant wall's cost (issue 23: row-level security must not cost more than 10 % on any read target), shared by
// the benchmarks: the service's own read, alternately as its runtime role behind the wall and as the tables' owner
// beyond it, on the same data in the same run.
import { DataSource, type DataSourceOptions } from 'typeorm';
import { inOrganization, installTenantWall } from '@infra/platform';
import { timed } from './bench-client';
import { percentile, summarise } from './stats';

const DATABASE_HOST = process.env.DATABASE_HOST ?? '127.0.0.1';
const WARM_UP = 20;

/**
 * Runs each of `reads` `samples` times behind and beyond the wall, interleaved (after a warm-up; `run` counts the
 * pairs, both reads of a pair get the same), and prints both series and their ratio per read. `database` is the service's database; its runtime role is `infra_<service>_runtime`.
 */
export async function printWallCost(
  service: string,
  database: string,
  scope: string | (<T>(work: () => T) => T),
  samples: number,
  reads: Record<string, (dataSource: DataSource, run: number) => Promise<unknown>>,
  entities: DataSourceOptions['entities'] = [],
): Promise<void> {
  const connect = (username: string) =>
    new DataSource({ type: 'postgres', host: DATABASE_HOST, username, database, entities }).initialize();
  // An organization's id, or how the service's requests are scoped (identity: as a caller).
  const inScope = typeof scope === 'string' ? <T>(work: () => T) => inOrganization(scope, work) : scope;
  const behindWall = await connect(`infra_${service}_runtime`);
  installTenantWall(behindWall);
  const beyondWall = await connect(process.env.DATABASE_USER ?? 'postgres');
  try {
    for (const [name, read] of Object.entries(reads)) {
      const times = { behind: [] as number[], beyond: [] as number[] };
      for (let i = 0; i < samples + WARM_UP; i += 1) {
        const [, behind] = await timed(() => inScope(() => read(behindWall, i)));
        const [, beyond] = await timed(() => read(beyondWall, i));
        if (i < WARM_UP) continue;
        times.behind.push(behind);
        times.beyond.push(beyond);
      }
      const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
      const ratio = (q: number) =>
        (percentile(sorted(times.behind), q) / percentile(sorted(times.beyond), q)).toFixed(2);
      process.stdout.write(
        `${summarise(`  ${name} behind the wall (runtime role, row-level security)`, times.behind)}\n` +
          `${summarise(`  ${name} beyond the wall (owner, baseline)`, times.beyond)}\n` +
          `  ${name} wall cost: p50 ${ratio(50)}×, p95 ${ratio(95)}×\n`,
      );
    }
  } finally {
    await Promise.all([behindWall.destroy(), beyondWall.destroy()]);
  }
}
