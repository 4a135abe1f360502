import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { TOPICS } from '@infra/contracts';
import { notifyOutbox, outboxInsertFrom } from '@infra/messaging';
import { raw, runSql, sql } from '@infra/platform';
import type { EventOrigin } from '../tenant';
import { PAIRS_PER_EVENT } from './assignment-events';

export interface Assignment {
  tagId: string;
  assetId: string;
}

export type AssignmentSource = 'manual' | 'import' | 'rule' | 'system';

// The attributes that make system tags, as (key, value) rows of an asset `a`.
const SYSTEM_ATTRIBUTES = `(VALUES ('site', a.site), ('instance_type', a.instance_type)) AS k(key, value)`;

/**
 * Tag assignments and the read-model look-ups they need; `$1` is always the organization. DELETEs return their rows
 * through a CTE: TypeORM answers a bare DELETE … RETURNING with [rows, count].
 */
@Injectable()
export class TagAssignmentRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The ids among `assetIds` that are assets of the organization (tagging's copy of inventory). */
  async ownedAssetIds(manager: EntityManager, organizationId: string, assetIds: string[]): Promise<string[]> {
    if (assetIds.length === 0) return [];
    const rows = await manager.query<{ id: string }[]>(
      `SELECT id FROM assets WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, assetIds],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Does tagging's copy of inventory hold every one of these assets and collections? Outside any transaction: the
   * question a request asks again while the read models catch up with an asset or collection created a moment ago.
   */
  async holdsAll(organizationId: string, assetIds: string[], collectionIds: string[]): Promise<boolean> {
    if (assetIds.length === 0 && collectionIds.length === 0) return true;
    const [{ held }] = await this.dataSource.query<{ held: boolean }[]>(
      `SELECT (SELECT count(*) FROM assets WHERE organization_id = $1 AND id = ANY($2::uuid[])) = cardinality($2::uuid[])
          AND (SELECT count(*) FROM collections WHERE organization_id = $1 AND id = ANY($3::uuid[]))
              = cardinality($3::uuid[]) AS held`,
      [organizationId, [...new Set(assetIds)], [...new Set(collectionIds)]],
    );
    return held;
  }

  /** The organization's collections among `collectionIds`, and their members. */
  async collectionMembers(
    manager: EntityManager,
    organizationId: string,
    collectionIds: string[],
  ): Promise<{ found: number; assetIds: string[] }> {
    if (collectionIds.length === 0) return { found: 0, assetIds: [] };
    const [{ found, asset_ids }] = await manager.query<{ found: number; asset_ids: string[] }[]>(
      `SELECT (SELECT count(*)::int FROM collections WHERE organization_id = $1 AND id = ANY($2::uuid[])) AS found,
              COALESCE((SELECT array_agg(DISTINCT asset_id) FROM collection_assets
                         WHERE organization_id = $1 AND collection_id = ANY($2::uuid[])), '{}') AS asset_ids`,
      [organizationId, collectionIds],
    );
    return { found, assetIds: asset_ids };
  }

  /** Adds the pairs that are missing; returns those it added (a pair present already is left as it was). */
  async assign(
    manager: EntityManager,
    organizationId: string,
    pairs: readonly Assignment[],
    source: AssignmentSource,
  ): Promise<Assignment[]> {
    if (pairs.length === 0) return [];
    return manager.query<Assignment[]>(
      `INSERT INTO tag_assets (tag_id, asset_id, organization_id, source)
       SELECT p.tag_id, p.asset_id, $1, $4 FROM unnest($2::uuid[], $3::uuid[]) AS p(tag_id, asset_id)
       ON CONFLICT DO NOTHING
       RETURNING tag_id AS "tagId", asset_id AS "assetId"`,
      [organizationId, pairs.map((pair) => pair.tagId), pairs.map((pair) => pair.assetId), source],
    );
  }

  /**
   * batchAssignTags' writes: every tag of `tagIds` onto every asset of `assetIds` ('assign': the pairs made in SQL;
   * 500,000-element arrays took the driver a second of the event loop to encode) or off them ('unassign'), with the
   * `tagging.tags.assigned.v1` events of the pairs that changed written by the same statement, PAIRS_PER_EVENT per
   * event. Up to 500,000 pairs never pass through Node: read back, checked and serialized there, they held its event
   * loop for 200 ms at a time. Returns the pairs changed per tag.
   */
  async changeEvery(
    manager: EntityManager,
    change: 'assign' | 'unassign',
    envelope: EventOrigin,
    tagIds: readonly string[],
    assetIds: readonly string[],
  ): Promise<Map<string, number>> {
    if (tagIds.length === 0 || assetIds.length === 0) return new Map();
    const changed =
      change === 'assign'
        ? sql`INSERT INTO tag_assets (tag_id, asset_id, organization_id, source)
           SELECT t.tag_id, a.asset_id, ${envelope.organizationId}::uuid, 'manual'
             FROM unnest(${tagIds}::uuid[]) AS t(tag_id) CROSS JOIN unnest(${assetIds}::uuid[]) AS a(asset_id)
           ON CONFLICT DO NOTHING
           RETURNING tag_id, asset_id`
        : sql`DELETE FROM tag_assets WHERE organization_id = ${envelope.organizationId}
             AND tag_id = ANY(${tagIds}::uuid[]) AND asset_id = ANY(${assetIds}::uuid[])
           RETURNING tag_id, asset_id`;
    const [listed, none] = change === 'assign' ? ['assignments', 'unassignments'] : ['unassignments', 'assignments'];
    const rows = await runSql<{ tag_id: string; pairs: number }>(
      manager,
      sql`WITH changed AS (${changed}),
            payloads AS (
              SELECT c.n, jsonb_build_object(${listed}::text,
                                             jsonb_agg(jsonb_build_object('tagId', c.tag_id, 'assetId', c.asset_id)),
                                             ${none}::text, '[]'::jsonb) AS payload
                FROM (SELECT tag_id, asset_id, (row_number() OVER () - 1) / ${raw(String(PAIRS_PER_EVENT))} AS n
                        FROM changed) c
               GROUP BY c.n),
            events AS (${outboxInsertFrom(TOPICS.taggingTagsAssigned, envelope, raw('payloads'))})
       SELECT tag_id, count(*)::int AS pairs FROM changed GROUP BY tag_id`,
    );
    if (rows.length > 0) await notifyOutbox(manager);
    return new Map(rows.map((row) => [row.tag_id, row.pairs]));
  }

  /** The organization's asset ids (for re-deriving every system tag). */
  async allAssetIds(manager: EntityManager, organizationId: string): Promise<string[]> {
    const rows = await manager.query<{ id: string }[]>(`SELECT id FROM assets WHERE organization_id = $1`, [
      organizationId,
    ]);
    return rows.map((row) => row.id);
  }

  /**
   * Makes the system tags of the assets match their attributes: creates missing system tags, assigns them, and
   * removes system tags the assets no longer have. Returns what changed.
   */
  async deriveSystemTags(
    manager: EntityManager,
    organizationId: string,
    assetIds: string[],
  ): Promise<{
    created: { id: string; key: string; value: string }[];
    assigned: Assignment[];
    unassigned: Assignment[];
  }> {
    if (assetIds.length === 0) return { created: [], assigned: [], unassigned: [] };
    const created = await manager.query<{ id: string; key: string; value: string }[]>(
      `INSERT INTO tags (organization_id, key, value, system)
       SELECT DISTINCT $1::uuid, k.key, left(k.value, 256), true
         FROM assets a CROSS JOIN LATERAL ${SYSTEM_ATTRIBUTES}
        WHERE a.organization_id = $1 AND a.id = ANY($2::uuid[]) AND k.value IS NOT NULL
       ON CONFLICT DO NOTHING
       RETURNING id, key, value`,
      [organizationId, assetIds],
    );
    const desired = `
      SELECT t.id AS tag_id, a.id AS asset_id
        FROM assets a CROSS JOIN LATERAL ${SYSTEM_ATTRIBUTES}
        JOIN tags t ON t.organization_id = $1 AND t.system
                   AND lower(t.key) = lower(k.key) AND lower(t.value) = lower(left(k.value, 256))
       WHERE a.organization_id = $1 AND a.id = ANY($2::uuid[]) AND k.value IS NOT NULL`;
    const unassigned = await manager.query<Assignment[]>(
      `WITH removed AS (
         DELETE FROM tag_assets ta USING tags t
          WHERE ta.tag_id = t.id AND t.system AND t.organization_id = $1 AND ta.organization_id = $1
            AND ta.asset_id = ANY($2::uuid[])
            AND (ta.tag_id, ta.asset_id) NOT IN (${desired})
         RETURNING ta.tag_id, ta.asset_id)
       SELECT tag_id AS "tagId", asset_id AS "assetId" FROM removed`,
      [organizationId, assetIds],
    );
    const assigned = await manager.query<Assignment[]>(
      `INSERT INTO tag_assets (tag_id, asset_id, organization_id, source)
       SELECT d.tag_id, d.asset_id, $1, 'system' FROM (${desired}) d
       ON CONFLICT DO NOTHING
       RETURNING tag_id AS "tagId", asset_id AS "assetId"`,
      [organizationId, assetIds],
    );
    return { created, assigned, unassigned };
  }
}
