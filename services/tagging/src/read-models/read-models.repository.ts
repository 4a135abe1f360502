import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AssetUpsertedPayload, CollectionChangedPayload, TelemetryFreshnessPayload } from '@infra/contracts';
import { ASSET_STATUS_MERGE, replaceCollectionMembers, upsertedStatus } from '@infra/messaging';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * Tagging's copy of inventory (assets with the attributes behind system tags, collection memberships) and of
 * analytics' telemetry freshness, written only by their events. Every row carries the event's organization, and
 * an asset or collection id seen under another organization is never moved (the WHERE on updates).
 */
@Injectable()
export class ReadModelsRepository {
  /** False when nothing changed: an older upsert than the copy's, or an id of another organization. */
  async upsertAsset(
    manager: EntityManager,
    organizationId: string,
    payload: AssetUpsertedPayload,
    /** When inventory changed it (the envelope's); now for callers outside a consumer. */
    occurredAt = new Date().toISOString(),
  ): Promise<boolean> {
    const { status, statusAt } = await upsertedStatus(manager, organizationId, payload, occurredAt);
    const rows = await manager.query<unknown[]>(
      `INSERT INTO assets (id, organization_id, external_id, name, status, site, instance_type, status_at, attributes_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO UPDATE SET external_id = COALESCE(EXCLUDED.external_id, assets.external_id),
         name = EXCLUDED.name, site = EXCLUDED.site, instance_type = EXCLUDED.instance_type, ${ASSET_STATUS_MERGE.set}
       WHERE ${ASSET_STATUS_MERGE.where}
       RETURNING id`,
      [
        payload.assetId,
        organizationId,
        payload.externalId ?? null,
        payload.name,
        status,
        text(payload.attributes.site),
        text(payload.attributes.instance_type),
        statusAt,
        occurredAt,
      ],
    );
    return rows.length > 0;
  }

  /** The event carries the whole membership: replace it (a replay leaves the same state). */
  async replaceCollection(
    manager: EntityManager,
    organizationId: string,
    payload: CollectionChangedPayload,
  ): Promise<void> {
    await replaceCollectionMembers(manager, organizationId, payload);
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
