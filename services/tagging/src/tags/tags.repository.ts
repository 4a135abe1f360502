import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { NewTag, TagStatus } from '@infra/contracts';
import { containingPattern, empty, isUniqueViolation, join, raw, runSql, sql, type Sql } from '@infra/platform';

export interface TagRow {
  id: string;
  key: string;
  value: string;
  description: string;
  system: boolean;
  status: TagStatus;
  asset_count: number;
  asset_ids?: string[];
  created_at: Date;
  updated_at: Date;
}

export interface TagFilter {
  tagIds?: string[];
  assetId?: string;
  collectionIds?: string[];
  includeSystemTags: boolean;
  includeTagAssets: boolean;
  statuses?: TagStatus[];
  search?: string;
}

/** An asset counts as reporting when it sent telemetry in the last 24 hours (analytics' freshness events). */
const REPORTING_WINDOW = raw(`interval '24 hours'`);

/**
 * The tags of `t` matching `where` with their derived status: Archived by a user; Active when an assigned asset
 * reported in the window; Offline when assigned assets reported before but none in the window; Pending otherwise
 * (no assets, or none has reported yet). `where` filters by the organization. Each tag's assignments are read
 * through the primary key (tag_id first) only: with an organization condition too, stale statistics after a bulk
 * import made the planner scan the organization's assignments once per tag (5000 tags took 30 s; this takes 50 ms).
 * The tag ids are the organization's, so their assignments are too.
 */
function tagQuery(where: Sql, withAssetIds: boolean): Sql {
  const assetIds = sql`, COALESCE(array_agg(ta.asset_id ORDER BY ta.asset_id) FILTER (WHERE ta.asset_id IS NOT NULL), '{}') AS asset_ids`;
  return sql`
    SELECT t.id, t.key, t.value, t.description, t.system, t.created_at, t.updated_at,
           s.asset_count${withAssetIds ? sql`, s.asset_ids` : empty},
           CASE WHEN t.archived_at IS NOT NULL THEN 'Archived'
                WHEN s.last_reported_at > now() - ${REPORTING_WINDOW} THEN 'Active'
                WHEN s.last_reported_at IS NOT NULL THEN 'Offline'
                ELSE 'Pending' END AS status
      FROM tags t
      CROSS JOIN LATERAL (
        SELECT count(ta.asset_id)::int AS asset_count, max(a.last_reported_at) AS last_reported_at
               ${withAssetIds ? assetIds : empty}
          FROM tag_assets ta
          LEFT JOIN assets a ON a.id = ta.asset_id AND a.organization_id = ta.organization_id
         WHERE ta.tag_id = t.id
      ) s
     WHERE ${where}`;
}

@Injectable()
export class TagsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async list(organizationId: string, filter: TagFilter): Promise<TagRow[]> {
    const conditions = [sql`t.organization_id = ${organizationId}`];
    if (!filter.includeSystemTags) conditions.push(sql`t.system = false`);
    if (filter.tagIds?.length) conditions.push(sql`t.id = ANY(${filter.tagIds}::uuid[])`);
    if (filter.assetId)
      conditions.push(
        sql`EXISTS (SELECT 1 FROM tag_assets x WHERE x.tag_id = t.id AND x.organization_id = ${organizationId}
                       AND x.asset_id = ${filter.assetId})`,
      );
    if (filter.collectionIds?.length)
      conditions.push(
        sql`EXISTS (SELECT 1 FROM tag_assets x JOIN collection_assets c
                   ON c.asset_id = x.asset_id AND c.organization_id = x.organization_id
                  WHERE x.tag_id = t.id AND x.organization_id = ${organizationId}
                    AND c.collection_id = ANY(${filter.collectionIds}::uuid[]))`,
      );
    if (filter.search) {
      const pattern = containingPattern(filter.search);
      conditions.push(sql`(t.key ILIKE ${pattern} OR t.value ILIKE ${pattern} OR t.description ILIKE ${pattern})`);
    }
    let tags = tagQuery(join(conditions, ' AND '), filter.includeTagAssets);
    if (filter.statuses?.length)
      tags = sql`SELECT * FROM (${tags}) tagged WHERE status = ANY(${filter.statuses}::text[])`;
    return runSql<TagRow>(this.dataSource, sql`${tags} ORDER BY lower(key), lower(value), system, id`);
  }

  async find(
    organizationId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<TagRow | undefined> {
    const [row] = await runSql<TagRow>(
      manager,
      tagQuery(sql`t.organization_id = ${organizationId} AND t.id = ${id}`, false),
    );
    return row;
  }

  async findMany(manager: EntityManager, organizationId: string, ids: string[]): Promise<TagRow[]> {
    return runSql<TagRow>(
      manager,
      tagQuery(sql`t.organization_id = ${organizationId} AND t.id = ANY(${ids}::uuid[])`, false),
    );
  }

  /** Only the names of tags (for audit entries): no status or counts to compute. */
  async names(
    manager: EntityManager,
    organizationId: string,
    ids: string[],
  ): Promise<{ id: string; key: string; value: string }[]> {
    return manager.query(`SELECT id, key, value FROM tags WHERE organization_id = $1 AND id = ANY($2::uuid[])`, [
      organizationId,
      ids,
    ]);
  }

  /** Locks the tag row for a change; undefined when it is not the organization's. */
  async lock(manager: EntityManager, organizationId: string, id: string): Promise<{ system: boolean } | undefined> {
    const [row] = await manager.query<{ system: boolean }[]>(
      `SELECT system FROM tags WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
      [organizationId, id],
    );
    return row;
  }

  /**
   * Inserts user tags in one statement, in the request's order, sent as one JSON document (three 5,000-element
   * arrays were escaped by the driver in one synchronous step). Returns their ids, or undefined when any pair exists
   * already (the unique index decides, so two concurrent creations of one pair cannot both win).
   */
  async insertMany(
    manager: EntityManager,
    organizationId: string,
    userId: string,
    tags: readonly NewTag[],
  ): Promise<string[] | undefined> {
    try {
      const rows = await manager.query<{ id: string }[]>(
        `INSERT INTO tags (organization_id, key, value, description, created_by)
         SELECT $1, t->>'key', t->>'value', t->>'description', $2
           FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS batch(t, n)
          ORDER BY batch.n
         RETURNING id`,
        [
          organizationId,
          userId,
          JSON.stringify(tags.map((tag) => ({ key: tag.key, value: tag.value, description: tag.description ?? '' }))),
        ],
      );
      return rows.map((row) => row.id);
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** The pairs of `tags` that the organization already has as user tags (case-insensitive), as `key:value`. */
  async existingPairs(
    manager: EntityManager,
    organizationId: string,
    tags: readonly { key: string; value: string }[],
  ): Promise<{ key: string; value: string }[]> {
    if (tags.length === 0) return [];
    return manager.query<{ key: string; value: string }[]>(
      `SELECT t.key, t.value FROM tags t
         JOIN unnest($2::text[], $3::text[]) AS p(key, value)
           ON lower(t.key) = lower(p.key) AND lower(t.value) = lower(p.value)
        WHERE t.organization_id = $1 AND t.system = false`,
      [organizationId, tags.map((tag) => tag.key), tags.map((tag) => tag.value)],
    );
  }

  async update(
    manager: EntityManager,
    organizationId: string,
    id: string,
    change: { description?: string; archived?: boolean },
  ): Promise<void> {
    await manager.query(
      `UPDATE tags SET description = COALESCE($3, description),
              archived_at = CASE WHEN $4::boolean IS NULL THEN archived_at
                                 WHEN $4 THEN COALESCE(archived_at, now()) ELSE NULL END,
              updated_at = now()
        WHERE organization_id = $1 AND id = $2`,
      [organizationId, id, change.description ?? null, change.archived ?? null],
    );
  }
}
