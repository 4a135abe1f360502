import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type {
  AssetStatusChangedPayload,
  AssetUpsertedPayload,
  CollectionChangedPayload,
  TelemetryFreshnessPayload,
} from '@infra/contracts';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * Tagging's copy of inventory (assets with the attributes behind system tags, collection memberships) and of
 * analytics' telemetry freshness, written only by their events. Every row carries the event's organization, and
 * an asset or collection id seen under another organization is never moved (the WHERE on updates).
 */
@Injectable()
export class ReadModelsRepository {
  async upsertAsset(manager: EntityManager, organizationId: string, payload: AssetUpsertedPayload): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO assets (id, organization_id, external_id, name, status, site, instance_type)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET external_id = COALESCE(EXCLUDED.external_id, assets.external_id),
         name = EXCLUDED.name, status = EXCLUDED.status, site = EXCLUDED.site,
         instance_type = EXCLUDED.instance_type, updated_at = now()
       WHERE assets.organization_id = EXCLUDED.organization_id
       RETURNING id`,
      [
        payload.assetId,
        organizationId,
        payload.externalId ?? null,
        payload.name,
        payload.status,
        text(payload.attributes.site),
        text(payload.attributes.instance_type),
      ],
    );
    return rows.length > 0;
  }

  async setAssetStatus(
    manager: EntityManager,
    organizationId: string,
    payload: AssetStatusChangedPayload,
  ): Promise<void> {
    await manager.query(`UPDATE assets SET status = $3, updated_at = now() WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      payload.assetId,
      payload.status,
    ]);
  }

  /** The event carries the whole membership: replace it (a replay leaves the same state). */
  async replaceCollection(
    manager: EntityManager,
    organizationId: string,
    payload: CollectionChangedPayload,
  ): Promise<void> {
    if (payload.deleted) {
      await manager.query(`DELETE FROM collections WHERE organization_id = $1 AND id = $2`, [
        organizationId,
        payload.collectionId,
      ]);
      return;
    }
    const owned = await manager.query<unknown[]>(
      `INSERT INTO collections (id, organization_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name WHERE collections.organization_id = EXCLUDED.organization_id
       RETURNING id`,
      [payload.collectionId, organizationId, payload.name],
    );
    if (owned.length === 0) return;
    await manager.query(`DELETE FROM collection_assets WHERE organization_id = $1 AND collection_id = $2`, [
      organizationId,
      payload.collectionId,
    ]);
    await manager.query(
      `INSERT INTO collection_assets (collection_id, asset_id, organization_id)
       SELECT $2, asset_id, $1 FROM unnest($3::uuid[]) AS asset_id ON CONFLICT DO NOTHING`,
      [organizationId, payload.collectionId, payload.assetIds],
    );
  }

  /** Keeps the latest report time of each asset: a late, older report changes nothing. */
  async applyFreshness(
    manager: EntityManager,
    organizationId: string,
    payload: TelemetryFreshnessPayload,
  ): Promise<void> {
    if (payload.assets.length === 0) return;
    await manager.query(
      `UPDATE assets a SET last_reported_at = GREATEST(a.last_reported_at, f."lastReportedAt")
         FROM jsonb_to_recordset($2::jsonb) AS f("assetId" uuid, "lastReportedAt" timestamptz)
        WHERE a.organization_id = $1 AND a.id = f."assetId"`,
      [organizationId, JSON.stringify(payload.assets)],
    );
  }
}
