import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource, EntityManager, type QueryRunner } from 'typeorm';
import { holdLiveOrganization } from '@infra/messaging';
import { isUniqueViolation, raw, yieldToEventLoop } from '@infra/platform';
import { OrgHourlyRepository } from '../rollups/org-hourly.repository';
import { copyHeader, copyTrailer, timestampBytes, uuidBytes } from './copy-binary';
import type { SampleValues } from './telemetry-samples';

/** A sample ready to store: its asset resolved in the caller's organization. */
export interface TelemetryRow extends SampleValues {
  assetId: string;
}

export interface Freshness {
  assetId: string;
  lastReportedAt: string;
}

/** Rows encoded between two yields to the event loop (a few milliseconds). */
const COPY_CHUNK_ROWS = 1000;

/**
 * Binary COPY of the staging table's columns (copy-binary.ts), a chunk of rows per buffer. The cost goes as its
 * shortest decimal text (`cost_text`, made numeric by the table), the digits the text format sent: encoding
 * numeric_send's base-10,000 digits in Node took longer than the rest of the row. It yields to the event loop
 * between chunks: the stream reads ahead up to 16 chunks at once, and 32,000 rows encoded in one go held it.
 */
async function* copyChunks(rows: readonly TelemetryRow[]): AsyncGenerator<Buffer> {
  yield copyHeader();
  // A call names a few dozen assets and a few thousand hours: each is encoded once.
  const assetBytes = new Map<string, Buffer>();
  const hourBytes = new Map<number, Buffer>();
  for (let start = 0; start < rows.length; start += COPY_CHUNK_ROWS) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(rows.length, start + COPY_CHUNK_ROWS);
    // Per row: field count, 8 lengths, uuid, timestamp, 3 reals, 2 bigints, and a number's text (24 at most).
    const chunk = Buffer.allocUnsafe((end - start) * (2 + 32 + 16 + 8 + 12 + 16 + 24));
    let at = 0;
    const field = (bytes: Buffer) => {
      at = chunk.writeInt32BE(bytes.length, at);
      at += bytes.copy(chunk, at);
    };
    const real = (value: number | null) => {
      if (value === null) at = chunk.writeInt32BE(-1, at);
      else at = chunk.writeFloatBE(value, chunk.writeInt32BE(4, at));
    };
    const bigint = (value: number | null) => {
      if (value === null) at = chunk.writeInt32BE(-1, at);
      else at = chunk.writeBigInt64BE(BigInt(value), chunk.writeInt32BE(8, at));
    };
    const decimal = (value: number | null) => {
      if (value === null) at = chunk.writeInt32BE(-1, at);
      else {
        const length = chunk.write(String(value), at + 4, 'latin1');
        at = chunk.writeInt32BE(length, at) + length;
      }
    };
    for (let index = start; index < end; index++) {
      const row = rows[index];
      let asset = assetBytes.get(row.assetId);
      if (asset === undefined) assetBytes.set(row.assetId, (asset = uuidBytes(row.assetId)));
      let hour = hourBytes.get(row.hour);
      if (hour === undefined) hourBytes.set(row.hour, (hour = timestampBytes(row.hour)));
      at = chunk.writeInt16BE(8, at);
      field(asset);
      field(hour);
      real(row.cpuUtil);
      real(row.memUtil);
      real(row.storageUtil);
      bigint(row.networkInBytes);
      bigint(row.networkOutBytes);
      decimal(row.cost);
    }
    yield chunk.subarray(0, at);
  }
  yield copyTrailer();
}

const SAMPLE_COLUMNS = 'cpu_util, mem_util, storage_util, network_in_bytes, network_out_bytes, cost';

/**
 * A staged row whose hour lies outside its asset's stored range (`telemetry_freshness`: first to latest hour) cannot
 * be stored yet. NULL (no first hour known) counts as "maybe stored".
 */
const OUTSIDE_STORED_RANGE = `(f.asset_id IS NULL OR s.hour > f.last_reported_at OR s.hour < f.first_reported_at)`;

/** The staged rows that `where` picks, inserted; `onConflict` makes a re-sent asset-hour replace the stored one. */
const insertSamples = (where: string, onConflict: boolean) =>
  `INSERT INTO telemetry_samples (organization_id, asset_id, hour, ${SAMPLE_COLUMNS})
   SELECT $1, s.asset_id, s.hour, s.cpu_util, s.mem_util, s.storage_util, s.network_in_bytes, s.network_out_bytes, s.cost
     FROM telemetry_staging s
     LEFT JOIN telemetry_freshness f ON f.organization_id = $1 AND f.asset_id = s.asset_id
    WHERE ${where}
   ${
     onConflict
       ? `ON CONFLICT (organization_id, asset_id, hour) DO UPDATE SET cpu_util = EXCLUDED.cpu_util,
           mem_util = EXCLUDED.mem_util, storage_util = EXCLUDED.storage_util,
           network_in_bytes = EXCLUDED.network_in_bytes, network_out_bytes = EXCLUDED.network_out_bytes,
           cost = EXCLUDED.cost, received_at = EXCLUDED.received_at`
       : ''
   }`;

/** Telemetry samples and each asset's latest hour, every query filtered by the organization. */
@Injectable()
export class TelemetryRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orgHourly: OrgHourlyRepository,
  ) {}

  /** The organization's assets named by id or external id, in one query ("not yours" and "unknown" alike absent). */
  async resolveAssets(
    organizationId: string,
    assetIds: readonly string[],
    externalIds: readonly string[],
  ): Promise<{ id: string; externalId: string | null }[]> {
    return this.dataSource.query(
      `SELECT id, external_id AS "externalId" FROM assets
        WHERE organization_id = $1 AND (id = ANY($2::uuid[]) OR external_id = ANY($3::text[]))
        ORDER BY updated_at`,
      [organizationId, assetIds, externalIds],
    );
  }

  /** Creates the monthly partitions the hours need, in its own short transaction (a failed load keeps them). */
  async ensurePartitions(firstHour: number, lastHour: number): Promise<void> {
    await this.dataSource.query(`SELECT ensure_telemetry_partitions($1, $2)`, [
      new Date(firstHour).toISOString(),
      new Date(lastHour).toISOString(),
    ]);
  }

  /**
   * In one transaction: COPY the rows into a staging table, store them (a re-sent asset-hour replaces the stored one),
   * keep each asset's first and latest hour (also per source), mark the asset-days for rollup, then `inside` (the
   * outbox event) with those latest hours before committing.
   * The rows hold each asset and hour once.
   */
  async load(
    organizationId: string,
    source: string,
    rows: readonly TelemetryRow[],
    inside: (manager: EntityManager, freshness: Freshness[]) => Promise<void>,
  ): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    // TypeORM's postgres driver hands over the pool's pg client: COPY runs on the transaction's own connection.
    const client = (await runner.connect()) as PoolClient;
    try {
      await runner.startTransaction();
      // An organization being purged (offboarding) waits for this load to commit, or the load sees the purge and
      // stores nothing: its samples would otherwise outlive the purge's deletes.
      if (!(await holdLiveOrganization(runner.manager, organizationId))) {
        await runner.rollbackTransaction();
        return;
      }
      await runner.manager.query(
        `CREATE TEMPORARY TABLE telemetry_staging (asset_id uuid, hour timestamptz, cpu_util real, mem_util real,
           storage_util real, network_in_bytes bigint, network_out_bytes bigint, cost_text text,
           cost numeric GENERATED ALWAYS AS (cost_text::numeric) STORED) ON COMMIT DROP`,
      );
      await pipeline(
        Readable.from(copyChunks(rows)),
        client.query(
          copyFrom(
            `COPY telemetry_staging (asset_id, hour, cpu_util, mem_util, storage_util, network_in_bytes,
               network_out_bytes, cost_text) FROM STDIN WITH (FORMAT binary)`,
          ),
        ),
      );
      await this.orgHourly.lock(runner.manager, organizationId, true);
      await runner.manager.query(
        `CREATE TEMPORARY TABLE telemetry_replaced (asset_id uuid, hour timestamptz, cpu_util real, mem_util real,
           cost numeric) ON COMMIT DROP`,
      );
      await this.insertSamples(runner, organizationId, rows.length);
      await this.orgHourly.applyChange(
        runner.manager,
        organizationId,
        raw('telemetry_staging'),
        raw('telemetry_replaced'),
      );
      // Each asset-day of the call once: the freshness, the freshness per source and the days to roll up read it.
      await runner.manager.query(
        `CREATE TEMPORARY TABLE telemetry_staged_days ON COMMIT DROP AS
         SELECT asset_id, (hour AT TIME ZONE 'UTC')::date AS day, min(hour) AS first_hour, max(hour) AS last_hour
           FROM telemetry_staging GROUP BY 1, 2`,
      );
      const freshness = await runner.manager.query<{ assetId: string; lastReportedAt: Date }[]>(
        `INSERT INTO telemetry_freshness (organization_id, asset_id, first_reported_at, last_reported_at)
         SELECT $1, asset_id, min(first_hour), max(last_hour) FROM telemetry_staged_days GROUP BY asset_id
         ON CONFLICT (organization_id, asset_id) DO UPDATE
           SET last_reported_at = GREATEST(telemetry_freshness.last_reported_at, EXCLUDED.last_reported_at),
               first_reported_at = LEAST(telemetry_freshness.first_reported_at, EXCLUDED.first_reported_at)
         RETURNING asset_id AS "assetId", last_reported_at AS "lastReportedAt"`,
        [organizationId],
      );
      await runner.manager.query(
        `INSERT INTO telemetry_source_freshness (organization_id, source, asset_id, last_reported_at)
         SELECT $1, $2, asset_id, max(last_hour) FROM telemetry_staged_days GROUP BY asset_id
         ON CONFLICT (organization_id, source, asset_id) DO UPDATE
           SET last_reported_at = GREATEST(telemetry_source_freshness.last_reported_at, EXCLUDED.last_reported_at)`,
        [organizationId, source],
      );
      // The asset-days these samples changed: the rollup job redoes them.
      await runner.manager.query(
        `INSERT INTO rollup_pending (organization_id, asset_id, day)
         SELECT $1::uuid, asset_id, day FROM telemetry_staged_days
         ON CONFLICT DO NOTHING`,
        [organizationId],
      );
      await inside(
        runner.manager,
        freshness.map((row) => ({ assetId: row.assetId, lastReportedAt: row.lastReportedAt.toISOString() })),
      );
      await runner.commitTransaction();
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * The staged rows into `telemetry_samples`, before the freshness is updated (it reads the stored range); the rows
   * they replace are kept in `telemetry_replaced` (locked first: a concurrent load of the same hours waits). Hours
   * outside an asset's stored range take a plain INSERT, half the work of `ON CONFLICT` (no speculative insertion):
   * the usual call adds new hours. Should a plain row exist after all (a concurrent load stored the same hour first,
   * or the range is off), the unique key refuses it and every row takes the replacing path: the range only decides
   * speed, never the outcome.
   */
  private async insertSamples(runner: QueryRunner, organizationId: string, staged: number): Promise<void> {
    const { manager } = runner;
    await manager.query(`SAVEPOINT telemetry_new_hours`);
    try {
      const { affected } = await runner.query(insertSamples(OUTSIDE_STORED_RANGE, false), [organizationId], true);
      await manager.query(`RELEASE SAVEPOINT telemetry_new_hours`);
      // Every staged hour was new (the usual call): nothing to replace.
      if (affected === staged) return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await manager.query(`ROLLBACK TO SAVEPOINT telemetry_new_hours`);
      await this.keepReplaced(manager, organizationId, 'true');
      await manager.query(insertSamples('true', true), [organizationId]);
      return;
    }
    const inside = `${OUTSIDE_STORED_RANGE} IS NOT TRUE`;
    await this.keepReplaced(manager, organizationId, inside);
    await manager.query(insertSamples(inside, true), [organizationId]);
  }

  private async keepReplaced(manager: EntityManager, organizationId: string, where: string): Promise<void> {
    await manager.query(
      `INSERT INTO telemetry_replaced (asset_id, hour, cpu_util, mem_util, cost)
       SELECT t.asset_id, t.hour, t.cpu_util, t.mem_util, t.cost
         FROM telemetry_staging s
         LEFT JOIN telemetry_freshness f ON f.organization_id = $1 AND f.asset_id = s.asset_id
         JOIN telemetry_samples t ON t.organization_id = $1 AND t.asset_id = s.asset_id AND t.hour = s.hour
        WHERE ${where}
        ORDER BY t.asset_id, t.hour
          FOR UPDATE OF t`,
      [organizationId],
    );
  }
}
