import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { BusinessEventTarget } from '@infra/contracts';
import {
  assetFilterConditions,
  containingPattern,
  empty,
  isUniqueViolation,
  join,
  listParam,
  raw,
  runSql,
  sql,
} from '@infra/platform';

export type RuleKind = BusinessEventTarget['kind'];

export interface BusinessEventRow {
  id: string;
  name: string;
  description: string;
  start_date: Date;
  end_date: Date;
  asset_count: number;
  /** The rules in the order they were given. */
  rules: { kind: RuleKind; id: string }[];
  created_at: Date;
  updated_at: Date;
}

export interface EventFields {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
}

/** One rule per target, in the order given. */
/** The ids an event's rules name, by kind. */
export interface TargetIds {
  collectionIds: string[];
  tagIds: string[];
  assetIds: string[];
}

export interface Rule {
  kind: RuleKind;
  id: string;
}

export interface ChangedEventRow {
  id: string;
  name: string;
  description: string;
  start_date: Date;
  end_date: Date;
  asset_ids: string[];
  targets: BusinessEventTarget[];
}

export interface BandRow {
  id: string;
  name: string;
  start_date: Date;
  end_date: Date;
  asset_count: number;
}

/** A view's filter on the target's assets: carrying any of the tags, and in any of the collections. */
export interface AssetFilter {
  tagIds: string[];
  collectionIds: string[];
}

export type Target = { kind: 'organization' } | { kind: 'asset' | 'collection'; id: string };

/** The longest name a `targets` entry carries (the topic's schema). */
const TARGET_NAME_MAX = 1000;

const EVENT_COLUMNS = `e.id, e.name, e.description, e.start_date, e.end_date, e.asset_count, e.created_at, e.updated_at,
  COALESCE((SELECT json_agg(json_build_object('kind', r.kind, 'id', r.target_id) ORDER BY r.position)
              FROM business_event_rules r
             WHERE r.organization_id = e.organization_id AND r.business_event_id = e.id), '[]') AS rules`;

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */

/**
 * Every query of business events. Each is filtered by the organization: another organization's event, rule,
 * asset, collection or tag is never read, resolved or changed, and "not yours" answers as "does not exist".
 */
@Injectable()
export class BusinessEventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A page of the organization's events, newest start first, with the total. */
  async list(
    organizationId: string,
    query: { offset: number; limit: number; search?: string },
  ): Promise<{ rows: BusinessEventRow[]; total: number }> {
    const where = sql`e.organization_id = ${organizationId}
      ${query.search ? sql`AND e.name ILIKE ${containingPattern(query.search)}` : empty}`;
    const [rows, [{ total }]] = await Promise.all([
      runSql<BusinessEventRow>(
        this.dataSource,
        sql`SELECT ${raw(EVENT_COLUMNS)} FROM business_events e WHERE ${where}
          ORDER BY e.start_date DESC, e.id LIMIT ${query.limit} OFFSET ${query.offset}`,
      ),
      runSql<{ total: number }>(
        this.dataSource,
        sql`SELECT count(*)::int AS total FROM business_events e WHERE ${where}`,
      ),
    ]);
    return { rows, total };
  }

  async find(
    organizationId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BusinessEventRow | undefined> {
    const [row] = await manager.query<BusinessEventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM business_events e WHERE e.organization_id = $1 AND e.id = $2`,
      [organizationId, id],
    );
    return row;
  }

  /** Locks the event for a change; false when it is not the organization's. */
  async lock(manager: EntityManager, organizationId: string, id: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM business_events WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
      [organizationId, id],
    );
    return rows.length > 0;
  }

  /** The new event's id, or undefined when the organization has an event of that name (any letter case). */
  async insert(
    manager: EntityManager,
    organizationId: string,
    userId: string,
    fields: EventFields,
  ): Promise<string | undefined> {
    return this.uniqueName(async () => {
      const [row] = await manager.query<{ id: string }[]>(
        `INSERT INTO business_events (organization_id, name, description, start_date, end_date, created_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [organizationId, fields.name, fields.description, fields.startDate, fields.endDate, userId],
      );
      return row!.id;
    });
  }

  /** False when the new name is another event's. */
  async update(manager: EntityManager, organizationId: string, id: string, fields: EventFields): Promise<boolean> {
    const done = await this.uniqueName(async () => {
      await manager.query(
        `UPDATE business_events SET name = $3, description = $4, start_date = $5, end_date = $6, updated_at = now()
          WHERE organization_id = $1 AND id = $2`,
        [organizationId, id, fields.name, fields.description, fields.startDate, fields.endDate],
      );
      return true;
    });
    return done ?? false;
  }

  /** The unique index decides, so two concurrent creations of one name cannot both win. */
  private async uniqueName<T>(write: () => Promise<T>): Promise<T | undefined> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** How many of the ids are the organization's collections, tags and assets (per the read models). */
  /** How many of these ids the read models hold for the organization (in the transaction given, or outside any). */
  async countOwned(
    organizationId: string,
    ids: TargetIds,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ collections: number; tags: number; assets: number }> {
    const [row] = await manager.query<{ collections: number; tags: number; assets: number }[]>(
      `SELECT (SELECT count(*)::int FROM collections WHERE organization_id = $1 AND id = ANY($2::uuid[])) AS collections,
              (SELECT count(*)::int FROM tags WHERE organization_id = $1 AND id = ANY($3::uuid[])) AS tags,
              (SELECT count(*)::int FROM assets WHERE organization_id = $1 AND id = ANY($4::uuid[])) AS assets`,
      [organizationId, ids.collectionIds, ids.tagIds, ids.assetIds],
    );
    return row!;
  }

  /** Replaces the event's rules, each with its target's name now (kept for a collection deleted later). */
  async replaceRules(manager: EntityManager, organizationId: string, eventId: string, rules: Rule[]): Promise<void> {
    await manager.query(`DELETE FROM business_event_rules WHERE organization_id = $1 AND business_event_id = $2`, [
      organizationId,
      eventId,
    ]);
    if (rules.length === 0) return;
    await manager.query(
      `INSERT INTO business_event_rules (business_event_id, organization_id, kind, target_id, name, position)
       SELECT $2, $1, r.kind, r.id, COALESCE(c.name, t.key || ':' || t.value, a.name, ''), r.n
         FROM unnest($3::text[], $4::uuid[]) WITH ORDINALITY AS r(kind, id, n)
         LEFT JOIN collections c ON r.kind = 'collection' AND c.organization_id = $1 AND c.id = r.id
         LEFT JOIN tags t ON r.kind = 'tag' AND t.organization_id = $1 AND t.id = r.id
         LEFT JOIN assets a ON r.kind = 'asset' AND a.organization_id = $1 AND a.id = r.id`,
      [organizationId, eventId, rules.map((rule) => rule.kind), rules.map((rule) => rule.id)],
    );
  }

  /** The organization's events whose rules name one of these collections or tags. */
  async eventsNaming(
    manager: EntityManager,
    organizationId: string,
    kind: 'collection' | 'tag',
    targetIds: string[],
  ): Promise<string[]> {
    if (targetIds.length === 0) return [];
    const rows = await manager.query<{ id: string }[]>(
      `SELECT DISTINCT business_event_id AS id FROM business_event_rules
        WHERE organization_id = $1 AND kind = $2 AND target_id = ANY($3::uuid[])`,
      [organizationId, kind, targetIds],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Resolves the events' rules to assets as the read models now are, in one statement: collections' members, tags'
   * assets and the assets named one by one (an archived asset stays; a deleted collection's rule gives nothing).
   * The stored set of each event becomes that set, except for an event it would take past `maxAssets` (left as it
   * was). The events are locked first (in id order) so an assignment and a re-resolution do not interleave.
   * Returns the events whose set changed and those left as they were for their size.
   */
  async resolve(
    manager: EntityManager,
    organizationId: string,
    eventIds: string[],
    maxAssets: number,
  ): Promise<{ changed: string[]; oversized: string[] }> {
    if (eventIds.length === 0) return { changed: [], oversized: [] };
    const locked = await manager.query<{ id: string }[]>(
      `SELECT id FROM business_events WHERE organization_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
      [organizationId, eventIds],
    );
    const ids = locked.map((row) => row.id);
    if (ids.length === 0) return { changed: [], oversized: [] };
    const rows = await manager.query<{ id: string; oversized: boolean }[]>(
      `WITH rules AS (
         SELECT business_event_id, kind, target_id FROM business_event_rules
          WHERE organization_id = $1 AND business_event_id = ANY($2::uuid[])
       ), desired AS (
         SELECT r.business_event_id, m.asset_id FROM rules r
           JOIN collection_assets m ON m.organization_id = $1 AND m.collection_id = r.target_id
          WHERE r.kind = 'collection'
         UNION
         SELECT r.business_event_id, m.asset_id FROM rules r
           JOIN asset_tags m ON m.organization_id = $1 AND m.tag_id = r.target_id
          WHERE r.kind = 'tag'
         UNION
         SELECT r.business_event_id, r.target_id FROM rules r WHERE r.kind = 'asset'
       ), oversized AS (
         SELECT business_event_id FROM desired GROUP BY business_event_id HAVING count(*) > $3
       ), stored AS (
         SELECT business_event_id, asset_id FROM business_event_assets
          WHERE organization_id = $1 AND business_event_id = ANY($2::uuid[])
       ), diff AS (
         -- A full join is always a hash or merge join: linear in the sets, never a scan per asset.
         SELECT COALESCE(d.business_event_id, s.business_event_id) AS business_event_id,
                COALESCE(d.asset_id, s.asset_id) AS asset_id, d.asset_id IS NOT NULL AS wanted
           FROM desired d FULL JOIN stored s ON s.business_event_id = d.business_event_id AND s.asset_id = d.asset_id
          WHERE (d.asset_id IS NULL OR s.asset_id IS NULL)
            AND COALESCE(d.business_event_id, s.business_event_id) NOT IN (SELECT business_event_id FROM oversized)
       ), removed AS (
         DELETE FROM business_event_assets b USING diff x
          WHERE NOT x.wanted AND b.organization_id = $1
            AND b.business_event_id = x.business_event_id AND b.asset_id = x.asset_id
         RETURNING b.business_event_id
       ), added AS (
         INSERT INTO business_event_assets (business_event_id, asset_id, organization_id)
         SELECT business_event_id, asset_id, $1 FROM diff WHERE wanted
         ON CONFLICT DO NOTHING
         RETURNING business_event_id
       )
       SELECT business_event_id AS id, false AS oversized FROM removed
       UNION SELECT business_event_id, false FROM added
       UNION SELECT business_event_id, true FROM oversized`,
      [organizationId, ids, maxAssets],
    );
    const changed = [...new Set(rows.filter((row) => !row.oversized).map((row) => row.id))];
    if (changed.length > 0)
      await manager.query(
        `UPDATE business_events e SET asset_count =
           (SELECT count(*)::int FROM business_event_assets b
             WHERE b.organization_id = e.organization_id AND b.business_event_id = e.id)
          WHERE e.organization_id = $1 AND e.id = ANY($2::uuid[])`,
        [organizationId, changed],
      );
    return { changed, oversized: rows.filter((row) => row.oversized).map((row) => row.id) };
  }

  /**
   * What `events.business-event.changed.v1` carries for each event: its fields, its assets, and per rule the
   * target's name (the read model's now, else the one it had when assigned) and its assets among the event's.
   */
  async changedRows(manager: EntityManager, organizationId: string, eventIds: string[]): Promise<ChangedEventRow[]> {
    if (eventIds.length === 0) return [];
    return manager.query<ChangedEventRow[]>(
      `SELECT e.id, e.name, e.description, e.start_date, e.end_date,
              COALESCE((SELECT array_agg(b.asset_id ORDER BY b.asset_id) FROM business_event_assets b
                         WHERE b.organization_id = $1 AND b.business_event_id = e.id), '{}') AS asset_ids,
              COALESCE((
                SELECT json_agg(json_build_object(
                         'kind', r.kind, 'id', r.target_id,
                         'name', left(COALESCE(c.name, t.key || ':' || t.value, a.name, r.name), ${TARGET_NAME_MAX}),
                         'assetIds', CASE r.kind
                           WHEN 'asset' THEN CASE WHEN EXISTS (SELECT 1 FROM business_event_assets b
                                                  WHERE b.business_event_id = e.id AND b.asset_id = r.target_id)
                                             THEN ARRAY[r.target_id] ELSE '{}' END
                           WHEN 'collection' THEN ARRAY(
                             SELECT m.asset_id FROM collection_assets m
                               JOIN business_event_assets b ON b.business_event_id = e.id AND b.asset_id = m.asset_id
                              WHERE m.organization_id = $1 AND m.collection_id = r.target_id ORDER BY m.asset_id)
                           ELSE ARRAY(
                             SELECT m.asset_id FROM asset_tags m
                               JOIN business_event_assets b ON b.business_event_id = e.id AND b.asset_id = m.asset_id
                              WHERE m.organization_id = $1 AND m.tag_id = r.target_id ORDER BY m.asset_id)
                         END) ORDER BY r.position)
                  FROM business_event_rules r
                  LEFT JOIN collections c ON r.kind = 'collection' AND c.organization_id = $1 AND c.id = r.target_id
                  LEFT JOIN tags t ON r.kind = 'tag' AND t.organization_id = $1 AND t.id = r.target_id
                  LEFT JOIN assets a ON r.kind = 'asset' AND a.organization_id = $1 AND a.id = r.target_id
                 WHERE r.organization_id = $1 AND r.business_event_id = e.id), '[]') AS targets
         FROM business_events e
        WHERE e.organization_id = $1 AND e.id = ANY($2::uuid[])
        ORDER BY e.id`,
      [organizationId, eventIds],
    );
  }

  /** How many of the assets are the event's (each asset id once). */
  async countEventAssets(
    manager: EntityManager,
    organizationId: string,
    eventId: string,
    assetIds: string[],
  ): Promise<number> {
    const [{ count }] = await manager.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM business_event_assets
        WHERE organization_id = $1 AND business_event_id = $2 AND asset_id = ANY(string_to_array($3, ',')::uuid[])`,
      [organizationId, eventId, listParam(assetIds)],
    );
    return count;
  }

  /** Replaces the event's expected impacts (one statement each way: 100,000 impacts are one round trip). */
  async replaceImpacts(
    manager: EntityManager,
    organizationId: string,
    eventId: string,
    impacts: { assetId: string; impactPercent: number }[],
  ): Promise<void> {
    await manager.query(`DELETE FROM business_event_impacts WHERE organization_id = $1 AND business_event_id = $2`, [
      organizationId,
      eventId,
    ]);
    if (impacts.length === 0) return;
    await manager.query(
      `INSERT INTO business_event_impacts (business_event_id, asset_id, organization_id, impact_percent)
       SELECT $2, i.asset_id, $1, i.percent
         FROM unnest(string_to_array($3, ',')::uuid[], string_to_array($4, ',')::float8[]) AS i(asset_id, percent)`,
      [
        organizationId,
        eventId,
        listParam(impacts.map((impact) => impact.assetId)),
        listParam(impacts.map((impact) => impact.impactPercent)),
      ],
    );
  }

  async impactsOf(
    manager: EntityManager,
    organizationId: string,
    eventId: string,
  ): Promise<{ assetId: string; impactPercent: number }[]> {
    return manager.query(
      `SELECT asset_id AS "assetId", impact_percent AS "impactPercent" FROM business_event_impacts
        WHERE organization_id = $1 AND business_event_id = $2 ORDER BY asset_id`,
      [organizationId, eventId],
    );
  }

  /** Whether the id is one of the organization's assets or (existing) collections, and which. */
  async targetKind(organizationId: string, id: string): Promise<'asset' | 'collection' | undefined> {
    const [row] = await this.dataSource.query<{ kind: 'asset' | 'collection' }[]>(
      `SELECT 'asset' AS kind FROM assets WHERE organization_id = $1 AND id = $2
       UNION ALL
       SELECT 'collection' FROM collections WHERE organization_id = $1 AND id = $2
       LIMIT 1`,
      [organizationId, id],
    );
    return row?.kind;
  }

  /**
   * The events overlapping `[start, end)` with assets in the target (an asset, a collection's members, or the whole
   * organization), narrowed by the filter, with how many of their assets are there; by start, at most `limit`.
   */
  async bands(
    organizationId: string,
    target: Target,
    window: { start: Date; end: Date },
    filter: AssetFilter,
    limit: number,
  ): Promise<BandRow[]> {
    const conditions = assetFilterConditions(raw('b.asset_id'), organizationId, {
      assetId: target.kind === 'asset' ? target.id : undefined,
      collectionId: target.kind === 'collection' ? target.id : undefined,
      tagIds: filter.tagIds,
      collectionIds: filter.collectionIds,
    });
    const inWindow = sql`e.organization_id = ${organizationId} AND e.start_date < ${window.end}
      AND e.end_date >= ${window.start}`;
    // The whole organization unfiltered: the stored count, no need to read the assets.
    const statement =
      conditions.length === 0
        ? sql`SELECT e.id, e.name, e.start_date, e.end_date, e.asset_count FROM business_events e
            WHERE ${inWindow} AND e.asset_count > 0
            ORDER BY e.start_date, e.id LIMIT ${limit}`
        : sql`SELECT e.id, e.name, e.start_date, e.end_date, x.asset_count FROM business_events e
            CROSS JOIN LATERAL (
              SELECT count(*)::int AS asset_count FROM business_event_assets b
               WHERE b.organization_id = ${organizationId} AND b.business_event_id = e.id
                 AND ${join(conditions, ' AND ')}
            ) x
            WHERE ${inWindow} AND x.asset_count > 0
            ORDER BY e.start_date, e.id LIMIT ${limit}`;
    return runSql<BandRow>(this.dataSource, statement);
  }
}
