import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { acrossTenantsInTransaction, containingPattern, join, raw, runSql, sql, type Sql } from '@infra/platform';
import {
  ASSET_ATTRIBUTE_NAMES,
  type AssetAttributes,
  type AssetRating,
  type AssetSortField,
  type AssetStatus,
  type AssetUpsertItem,
} from '@infra/contracts';

/** One row of `assets` as the API shows it, with its memberships. */
export interface AssetRow extends AssetAttributes {
  id: string;
  external_id: string;
  name: string;
  status: AssetStatus;
  collection_ids: string[];
  tag_ids: string[];
  created_at: Date;
  updated_at: Date;
}

export interface AssetFilter {
  tagIds?: string[];
  collectionIds?: string[];
}

export interface AssetListOptions extends AssetFilter {
  limit: number;
  offset: number;
  sort: AssetSortField;
  descending: boolean;
  search?: string;
  statuses: AssetStatus[];
}

/** A resolved item of an upsert: its status decided (given, kept, or active for a new asset). */
export type ResolvedUpsertItem = AssetUpsertItem & { status: AssetStatus };

const COLUMNS = `id, external_id, name, status, ${ASSET_ATTRIBUTE_NAMES.join(', ')}, collection_ids, tag_ids, created_at, updated_at`;

// API sort field → column. Every order ends with id so pages never overlap.
const SORT_COLUMNS: Record<AssetSortField, string> = {
  name: 'a.name',
  externalId: 'a.external_id',
  status: 'a.status',
  site: 'a.site',
  instance_type: 'a.instance_type',
  cpu_cores: 'a.cpu_cores',
  memory: 'a.memory',
  updatedAt: 'a.updated_at',
};

// jsonb_to_recordset column list of an upsert item (the request's field names are the column names).
const RECORD_COLUMNS = `external_id text, name text, status text, instance_type text, site text,
  physical_processor text, memory float8, cpu_cores int, storage text, cpu_speed float8, network_speed text,
  current_generation boolean, network_bandwidth_max float8, instance_lifecycle text, cpu_generation text,
  storage_throughput float8`;

/** The organization, tag and collection conditions of a filter on `a` (assets). */
function filterConditions(organizationId: string, filter: AssetFilter): Sql[] {
  const conditions = [sql`a.organization_id = ${organizationId}`];
  if (filter.tagIds?.length) conditions.push(sql`a.tag_ids && ${filter.tagIds}::uuid[]`);
  if (filter.collectionIds?.length) conditions.push(sql`a.collection_ids && ${filter.collectionIds}::uuid[]`);
  return conditions;
}

/**
 * Recomputes the copies of memberships and tags on the given assets of the organization from their tables
 * (collection_assets, asset_tags); every change to those tables calls this in its transaction, after the change.
 *
 * The rows are locked first, in a statement of their own. Why: a single UPDATE that waits for a concurrent
 * refresh of the same asset (a membership change racing a tag event) re-reads the row once that commits but
 * still computes its sub-selects from the snapshot taken before the wait, writing back copies that lack the
 * other transaction's change. After the lock, the UPDATE is a new statement with a new snapshot.
 * `FOR NO KEY UPDATE` does not wait for the key-share locks that the link tables' foreign keys take.
 */
export async function refreshAssetLinks(
  manager: EntityManager,
  organizationId: string,
  assetIds: string[],
): Promise<void> {
  if (assetIds.length === 0) return;
  await manager.query(
    `SELECT id FROM assets WHERE organization_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [organizationId, assetIds],
  );
  await manager.query(
    `UPDATE assets a SET
       collection_ids = coalesce((SELECT array_agg(c.collection_id ORDER BY c.collection_id) FROM collection_assets c
                                   WHERE c.asset_id = a.id AND c.organization_id = a.organization_id), '{}'),
       tag_ids = coalesce((SELECT array_agg(t.tag_id ORDER BY t.tag_id) FROM asset_tags t
                            WHERE t.asset_id = a.id AND t.organization_id = a.organization_id), '{}')
     WHERE a.organization_id = $1 AND a.id = ANY($2::uuid[])`,
    [organizationId, assetIds],
  );
}

/** Every query on assets, each filtered by the organization. */
@Injectable()
export class AssetsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The plan limit of the organization's account, per inventory's copy of identity's events; undefined if unknown. */
  async assetLimitOf(organizationId: string): Promise<number | undefined> {
    const [row] = await this.dataSource.query<{ asset_limit: number }[]>(
      `SELECT asset_limit FROM organization_plans WHERE organization_id = $1`,
      [organizationId],
    );
    return row?.asset_limit;
  }

  /**
   * How many assets the account holds (every status, as the subscription page counts), after taking the account's
   * lock: concurrent upserts of one account count one after the other, so two cannot both take the last places.
   */
  async countOfAccountLocked(manager: EntityManager, accountId: string): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`asset-limit:${accountId}`]);
    // The account's other organizations are beyond this request's row-level security: a named cross-tenant path.
    const [{ count }] = await acrossTenantsInTransaction(manager, 'asset-limit', () =>
      manager.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM assets WHERE account_id = $1`, [
        accountId,
      ]),
    );
    return count;
  }

  /** Id and status of the organization's assets with these external ids, locked until the transaction ends. */
  async lockByExternalIds(
    manager: EntityManager,
    organizationId: string,
    externalIds: string[],
  ): Promise<Map<string, AssetStatus>> {
    const rows = (await manager.query(
      `SELECT external_id, status FROM assets WHERE organization_id = $1 AND external_id = ANY($2::text[])
        ORDER BY external_id FOR UPDATE`,
      [organizationId, externalIds],
    )) as { external_id: string; status: AssetStatus }[];
    return new Map(rows.map((row) => [row.external_id, row.status]));
  }

  /** Inserts or replaces the items in one statement; returns each asset's id and whether it was created. */
  async upsert(
    manager: EntityManager,
    tenant: { organizationId: string; accountId: string },
    items: ResolvedUpsertItem[],
  ): Promise<{ id: string; external_id: string; created: boolean }[]> {
    const records = items.map((item) => {
      const record: Record<string, unknown> = { external_id: item.externalId, name: item.name, status: item.status };
      for (const attribute of ASSET_ATTRIBUTE_NAMES) record[attribute] = item[attribute] ?? null;
      return record;
    });
    const attributes = ASSET_ATTRIBUTE_NAMES.join(', ');
    return (await manager.query(
      `INSERT INTO assets (organization_id, account_id, external_id, name, status, ${attributes})
       SELECT $1, $2, external_id, name, status, ${attributes}
         FROM jsonb_to_recordset($3::jsonb) AS x(${RECORD_COLUMNS})
       ON CONFLICT (organization_id, external_id) DO UPDATE SET
         name = EXCLUDED.name, status = EXCLUDED.status,
         ${ASSET_ATTRIBUTE_NAMES.map((name) => `${name} = EXCLUDED.${name}`).join(', ')},
         updated_at = now()
       RETURNING id, external_id, (xmax = 0) AS created`,
      [tenant.organizationId, tenant.accountId, JSON.stringify(records)],
    )) as { id: string; external_id: string; created: boolean }[];
  }

  /** Collection ids of each asset (for the events of an upsert). */
  async collectionIdsOf(
    manager: EntityManager,
    organizationId: string,
    assetIds: string[],
  ): Promise<Map<string, string[]>> {
    const rows = (await manager.query(
      `SELECT id, collection_ids FROM assets WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, assetIds],
    )) as { id: string; collection_ids: string[] }[];
    return new Map(rows.map((row) => [row.id, row.collection_ids]));
  }

  /** How many of these ids are assets of the organization. */
  async countOwned(organizationId: string, assetIds: string[], manager?: EntityManager): Promise<number> {
    const [{ count }] = (await (manager ?? this.dataSource).query(
      `SELECT count(*)::int AS count FROM assets WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, assetIds],
    )) as { count: number }[];
    return count;
  }

  /** Sets the status of the organization's assets; returns the ids whose status changed. */
  async updateStatus(
    manager: EntityManager,
    organizationId: string,
    assetIds: string[],
    status: AssetStatus,
  ): Promise<string[]> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    const [rows] = (await manager.query(
      `UPDATE assets SET status = $3, updated_at = now()
        WHERE organization_id = $1 AND id = ANY($2::uuid[]) AND status <> $3 RETURNING id`,
      [organizationId, assetIds, status],
    )) as [{ id: string }[], number];
    return rows.map((row) => row.id);
  }

  /** A page of the organization's assets and the number of all that match. */
  async list(organizationId: string, options: AssetListOptions): Promise<{ rows: AssetRow[]; total: number }> {
    const conditions = [...filterConditions(organizationId, options), sql`a.status = ANY(${options.statuses}::text[])`];
    if (options.search) {
      const pattern = containingPattern(options.search);
      conditions.push(
        sql`(a.name ILIKE ${pattern} OR a.external_id ILIKE ${pattern} OR a.instance_type ILIKE ${pattern}
             OR a.site ILIKE ${pattern})`,
      );
    }
    const where = join(conditions, ' AND ');
    const direction = raw(options.descending ? 'DESC' : 'ASC');
    const nulls = raw(options.descending ? 'NULLS LAST' : 'NULLS FIRST');
    const filtered = Boolean(options.tagIds?.length || options.collectionIds?.length);
    const [rows, [{ total }]] = await Promise.all([
      this.readWithPlan(filtered, (manager) =>
        runSql<AssetRow>(
          manager,
          sql`SELECT ${raw(COLUMNS.replace(/(^|, )/g, '$1a.'))} FROM assets a WHERE ${where}
            ORDER BY ${raw(SORT_COLUMNS[options.sort])} ${direction} ${nulls}, a.id ${direction}
            LIMIT ${options.limit} OFFSET ${options.offset}`,
        ),
      ),
      this.readWithPlan(filtered, (manager) =>
        runSql<{ total: number }>(manager, sql`SELECT count(*)::int AS total FROM assets a WHERE ${where}`),
      ),
    ]);
    return { rows, total };
  }

  /**
   * Runs a read; with a tag or collection filter, with sequential scans priced out for its transaction. Why:
   * the planner prices the GIN bitmap of `tag_ids && …` as if matching rows were spread over every page and
   * picks a scan of the whole organization (55 ms at 100,000 assets) over the bitmap (9 ms); assignments are
   * written together, so their rows sit together. Even spread out, the bitmap costs no more than the scan.
   */
  private readWithPlan<T>(useIndexes: boolean, read: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!useIndexes) return read(this.dataSource.manager);
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return read(manager);
    });
  }

  async find(organizationId: string, assetId: string): Promise<AssetRow | undefined> {
    const rows = (await this.dataSource.query(`SELECT ${COLUMNS} FROM assets WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      assetId,
    ])) as AssetRow[];
    return rows[0];
  }

  async ratingsOf(organizationId: string, assetIds: string[]): Promise<Map<string, AssetRating>> {
    if (assetIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT asset_id, infra_rating, risk, optimization, volatility, data_health, computed_at FROM asset_ratings
        WHERE organization_id = $1 AND asset_id = ANY($2::uuid[])`,
      [organizationId, assetIds],
    )) as {
      asset_id: string;
      infra_rating: number;
      risk: number;
      optimization: number;
      volatility: number;
      data_health: number;
      computed_at: Date;
    }[];
    return new Map(
      rows.map((row) => [
        row.asset_id,
        {
          infraRating: row.infra_rating,
          risk: row.risk,
          optimization: row.optimization,
          volatility: row.volatility,
          dataHealth: row.data_health,
          computedAt: row.computed_at.toISOString(),
        },
      ]),
    );
  }

  /** Assets matching a filter, by status (archived included), for view summaries. */
  async countByStatus(organizationId: string, filter: AssetFilter): Promise<Record<AssetStatus, number>> {
    const rows = await runSql<{ status: AssetStatus; count: number }>(
      this.dataSource,
      sql`SELECT a.status, count(*)::int AS count FROM assets a
           WHERE ${join(filterConditions(organizationId, filter), ' AND ')} GROUP BY a.status`,
    );
    const counts: Record<AssetStatus, number> = { active: 0, offline: 0, pending: 0, archived: 0 };
    for (const row of rows) counts[row.status] = row.count;
    return counts;
  }
}
