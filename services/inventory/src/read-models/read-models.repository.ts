import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type {
  OrganizationChangedPayload,
  RatingsRecomputedPayload,
  TagChangedPayload,
  TagsAssignedPayload,
} from '@infra/contracts';
import { applyAssetTagAssignments } from '@infra/messaging';
import { refreshAssetLinks } from '../assets/assets.repository';

/**
 * Inventory's copies of other services' data, written only by their events: tags and tag assignments (tagging) for
 * saved views and tag filters, and ratings (analytics) for `includeRatingData`. Every row carries the event's
 * organization.
 */
@Injectable()
export class ReadModelsRepository {
  async applyTagAssignments(
    manager: EntityManager,
    organizationId: string,
    payload: TagsAssignedPayload,
  ): Promise<void> {
    await applyAssetTagAssignments(manager, organizationId, payload);
    const assetIds = new Set([...payload.assignments, ...payload.unassignments].map((item) => item.assetId));
    await refreshAssetLinks(manager, organizationId, [...assetIds]);
  }

  /** Which organization a tag belongs to; a tag never moves to another organization. */
  async rememberTag(manager: EntityManager, organizationId: string, { tagId }: TagChangedPayload): Promise<void> {
    await manager.query(`INSERT INTO tags (id, organization_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
      tagId,
      organizationId,
    ]);
  }

  /**
   * The plan limit of the organization's account, as its newest event says (events of one organization arrive in
   * order). An event written before plans were enforced carries no limit and changes nothing.
   */
  async rememberPlan(manager: EntityManager, payload: OrganizationChangedPayload): Promise<void> {
    if (payload.assetLimit === undefined) return;
    await manager.query(
      `INSERT INTO organization_plans (organization_id, account_id, asset_limit) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id) DO UPDATE SET asset_limit = EXCLUDED.asset_limit
       WHERE organization_plans.account_id = EXCLUDED.account_id`,
      [payload.organizationId, payload.accountId, payload.assetLimit],
    );
  }

  /** Keeps the newest ratings of each asset: an older recomputation arriving late changes nothing. */
  async applyRatings(manager: EntityManager, organizationId: string, payload: RatingsRecomputedPayload): Promise<void> {
    if (payload.ratings.length === 0) return;
    await manager.query(
      `INSERT INTO asset_ratings (asset_id, organization_id, infra_rating, risk, optimization, volatility, data_health, computed_at)
       SELECT r."assetId", $1, r."infraRating", r.risk, r.optimization, r.volatility, r."dataHealth", $3::timestamptz
         FROM jsonb_to_recordset($2::jsonb) AS r("assetId" uuid, "infraRating" float8, risk float8,
              optimization float8, volatility float8, "dataHealth" float8)
       ON CONFLICT (asset_id) DO UPDATE SET infra_rating = EXCLUDED.infra_rating, risk = EXCLUDED.risk,
         optimization = EXCLUDED.optimization, volatility = EXCLUDED.volatility, data_health = EXCLUDED.data_health,
         computed_at = EXCLUDED.computed_at
       WHERE asset_ratings.organization_id = EXCLUDED.organization_id
         AND asset_ratings.computed_at <= EXCLUDED.computed_at`,
      [organizationId, JSON.stringify(payload.ratings), payload.computedAt],
    );
  }
}
