import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { RuleConditions } from '@infra/contracts';
import { isUniqueViolation } from '@infra/platform';

export interface RuleRow {
  id: string;
  name: string;
  tag_id: string;
  conditions: RuleConditions;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** What a rule stores besides its id: the conditions normalized, with the ILIKE form of the name pattern. */
export interface RuleFields {
  name: string;
  tagId: string;
  conditions: RuleConditions;
  nameLike: string | null;
  enabled: boolean;
}

/** An enabled rule matching an asset, with its tag's pair, the asset's name, and whom to act for by default. */
export interface MatchingRule {
  id: string;
  name: string;
  tag_id: string;
  tag_key: string;
  tag_value: string;
  asset_id: string;
  asset_name: string;
  account_id: string;
  created_by: string;
}

const SHOWN = 'id, name, tag_id, conditions, enabled, created_at, updated_at';

/**
 * Whether asset `a` meets conditions `c` (a jsonb expression) with the name pattern `like` (an ILIKE pattern or
 * NULL): every condition present must hold, a list matches any of its values. The one definition used by the
 * preview, the apply and the upsert path. Collection memberships are read in the asset's organization only.
 */
function matches(c: string, like: string): string {
  return `(${c}->'sites' IS NULL OR lower(a.site) IN (SELECT lower(v) FROM jsonb_array_elements_text(${c}->'sites') v))
      AND (${c}->'instanceTypes' IS NULL
           OR lower(a.instance_type) IN (SELECT lower(v) FROM jsonb_array_elements_text(${c}->'instanceTypes') v))
      AND (${like} IS NULL OR a.name ILIKE ${like})
      AND (${c}->'collectionIds' IS NULL OR EXISTS (
            SELECT 1 FROM collection_assets ca
             WHERE ca.organization_id = a.organization_id AND ca.asset_id = a.id
               AND ca.collection_id IN (SELECT v::uuid FROM jsonb_array_elements_text(${c}->'collectionIds') v)))`;
}

/** Business rules and the matching of assets in tagging's read model; `$1` is always the organization. */
@Injectable()
export class RulesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async list(organizationId: string): Promise<RuleRow[]> {
    return this.dataSource.query<RuleRow[]>(
      `SELECT ${SHOWN} FROM tag_rules WHERE organization_id = $1 ORDER BY lower(name), id`,
      [organizationId],
    );
  }

  /** The rule, locked for a change; undefined when it is not the organization's. */
  async lock(manager: EntityManager, organizationId: string, id: string): Promise<RuleRow | undefined> {
    const [row] = await manager.query<RuleRow[]>(
      `SELECT ${SHOWN} FROM tag_rules WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
      [organizationId, id],
    );
    return row;
  }

  /**
   * The organization's rule count, after taking its rule lock (held to the end of the transaction), so two
   * concurrent creations cannot both pass the limit.
   */
  async lockAndCount(manager: EntityManager, organizationId: string): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('tag_rules:' || $1, 0))`, [organizationId]);
    const [{ count }] = await manager.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM tag_rules WHERE organization_id = $1`,
      [organizationId],
    );
    return count;
  }

  /** Inserts a rule; undefined when the organization has a rule of that name already (any letter case). */
  async insert(
    manager: EntityManager,
    actor: { organizationId: string; accountId: string; userId: string },
    fields: RuleFields,
  ): Promise<RuleRow | undefined> {
    return this.unlessNameTaken(async () => {
      const [row] = await manager.query<RuleRow[]>(
        `INSERT INTO tag_rules (organization_id, account_id, created_by, name, tag_id, conditions, name_like, enabled)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING ${SHOWN}`,
        [
          actor.organizationId,
          actor.accountId,
          actor.userId,
          fields.name,
          fields.tagId,
          JSON.stringify(fields.conditions),
          fields.nameLike,
          fields.enabled,
        ],
      );
      return row;
    });
  }

  /** Replaces a rule's fields; undefined when another rule of the organization has the name. */
  async update(
    manager: EntityManager,
    organizationId: string,
    id: string,
    fields: RuleFields,
  ): Promise<RuleRow | undefined> {
    return this.unlessNameTaken(async () => {
      // TypeORM answers an UPDATE … RETURNING with [rows, affected].
      const [[row]] = await manager.query<[RuleRow[], number]>(
        `UPDATE tag_rules SET name = $3, tag_id = $4, conditions = $5, name_like = $6, enabled = $7, updated_at = now()
          WHERE organization_id = $1 AND id = $2
         RETURNING ${SHOWN}`,
        [
          organizationId,
          id,
          fields.name,
          fields.tagId,
          JSON.stringify(fields.conditions),
          fields.nameLike,
          fields.enabled,
        ],
      );
      return row;
    });
  }

  async delete(manager: EntityManager, organizationId: string, id: string): Promise<void> {
    await manager.query(`DELETE FROM tag_rules WHERE organization_id = $1 AND id = $2`, [organizationId, id]);
  }

  /** How many of `collectionIds` are collections of the organization. */
  async countCollections(manager: EntityManager, organizationId: string, collectionIds: string[]): Promise<number> {
    if (collectionIds.length === 0) return 0;
    const [{ count }] = await manager.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM collections WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, collectionIds],
    );
    return count;
  }

  /** The organization's assets meeting the conditions: the total and the first `limit` by name. */
  async preview(
    organizationId: string,
    conditions: RuleConditions,
    nameLike: string | null,
    limit: number,
  ): Promise<{ total: number; assets: { id: string; name: string; external_id: string | null }[] }> {
    const rows = await this.dataSource.query<{ id: string; name: string; external_id: string | null; total: number }[]>(
      `SELECT a.id, a.name, a.external_id, count(*) OVER ()::int AS total
         FROM assets a
        WHERE a.organization_id = $1 AND ${matches('$2::jsonb', '$3::text')}
        ORDER BY lower(a.name), a.id
        LIMIT $4`,
      [organizationId, JSON.stringify(conditions), nameLike, limit],
    );
    return { total: rows[0]?.total ?? 0, assets: rows.map(({ id, name, external_id }) => ({ id, name, external_id })) };
  }

  /** The ids of every asset of the organization meeting the conditions (one statement). */
  async matchingAssetIds(
    manager: EntityManager,
    organizationId: string,
    conditions: RuleConditions,
    nameLike: string | null,
  ): Promise<string[]> {
    const rows = await manager.query<{ id: string }[]>(
      `SELECT a.id FROM assets a WHERE a.organization_id = $1 AND ${matches('$2::jsonb', '$3::text')}`,
      [organizationId, JSON.stringify(conditions), nameLike],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The enabled rules of the organization that each of `assetIds` meets and whose tag can be assigned (a user tag, not
   * archived), in one statement: one row per rule and asset.
   */
  async rulesMatchingAssets(
    manager: EntityManager,
    organizationId: string,
    assetIds: readonly string[],
  ): Promise<MatchingRule[]> {
    return manager.query<MatchingRule[]>(
      `SELECT r.id, r.name, r.tag_id, t.key AS tag_key, t.value AS tag_value, a.id AS asset_id, a.name AS asset_name,
              r.account_id, r.created_by
         FROM tag_rules r
         JOIN tags t ON t.id = r.tag_id AND t.organization_id = r.organization_id
                    AND NOT t.system AND t.archived_at IS NULL
         JOIN assets a ON a.organization_id = r.organization_id AND a.id = ANY($2::uuid[])
        WHERE r.organization_id = $1 AND r.enabled AND ${matches('r.conditions', 'r.name_like')}
        ORDER BY r.created_at, r.id, a.id`,
      [organizationId, assetIds],
    );
  }

  private async unlessNameTaken(write: () => Promise<RuleRow | undefined>): Promise<RuleRow | undefined> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }
}
