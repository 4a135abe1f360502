import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `org_daily` is kept by the asset rollup (each asset-day redone takes back its old row's share and adds the new
 * one's) instead of being recomputed from every asset of each day touched: during a 10,000-asset backfill every
 * call touches all 90 days, and each pass read 900,000 asset-days (560 ms every two seconds, on two cores, while the
 * ingest waited). An asset-day keeps the WCU it was weighed with, so a capacity change takes back exactly what was
 * added. The days still waiting for their recompute are done here; then the queue of days goes.
 */
export class OrgDailyDeltas1766800000000 implements MigrationInterface {
  name = 'OrgDailyDeltas1766800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE asset_daily ADD COLUMN wcu real`);
    await queryRunner.query(`UPDATE asset_daily d SET wcu = a.wcu FROM assets a
      WHERE a.organization_id = d.organization_id AND a.id = d.asset_id`);
    await queryRunner.query(`UPDATE asset_daily SET wcu = 0 WHERE wcu IS NULL`);
    await queryRunner.query(`ALTER TABLE asset_daily ALTER COLUMN wcu SET NOT NULL`);
    await queryRunner.query(`DELETE FROM org_daily o USING rollup_pending_days p
      WHERE o.organization_id = p.organization_id AND o.day = p.day`);
    await queryRunner.query(`
      INSERT INTO org_daily (organization_id, day, assets, capacity_hours, workload_hours, cost, idle_cost, mem_sum,
                             mem_hours)
      SELECT d.organization_id, d.day, count(*), sum(d.wcu::float8 * d.hours), sum(d.wcu::float8 * d.cpu_sum / 100),
             sum(d.cost_sum), sum(d.idle_cost), sum(d.mem_sum), sum(d.mem_hours)
        FROM asset_daily d JOIN rollup_pending_days p ON p.organization_id = d.organization_id AND p.day = d.day
       GROUP BY d.organization_id, d.day`);
    await queryRunner.query(`DROP TABLE rollup_pending_days`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rollup_pending_days (
        organization_id uuid NOT NULL,
        day date NOT NULL,
        PRIMARY KEY (organization_id, day)
      )`);
    await queryRunner.query(`ALTER TABLE asset_daily DROP COLUMN wcu`);
  }
}
