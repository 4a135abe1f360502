import type { EntityManager } from 'typeorm';
import type {
  AssetStatusChangedPayload,
  AssetUpsertedPayload,
  CollectionChangedPayload,
  TagsAssignedPayload,
} from '@infra/contracts';
import { listParam, sqlMigration, tenantWallSql } from '@infra/platform';

/*
 * Copies of other services' data that several services keep, written only by the events that carry them, in the
 * consumer's transaction. Each service keeping one has the same table for it (`asset_tags`, `collections`,
 * `collection_assets`, `assets.status`); every row carries the event's organization, and a row of another
 * organization is never touched.
 */

/** Tag assignments and unassignments (`tagging.tags.assigned.v1`) onto `asset_tags`. */
export async function applyAssetTagAssignments(
  manager: EntityManager,
  organizationId: string,
  { assignments, unassignments }: TagsAssignedPayload,
): Promise<void> {
  if (unassignments.length > 0)
    await manager.query(
      `DELETE FROM asset_tags t
        USING unnest(string_to_array($2, ',')::uuid[], string_to_array($3, ',')::uuid[]) AS x(tag_id, asset_id)
        WHERE t.organization_id = $1 AND t.tag_id = x.tag_id AND t.asset_id = x.asset_id`,
      [
        organizationId,
        listParam(unassignments.map((item) => item.tagId)),
        listParam(unassignments.map((item) => item.assetId)),
      ],
    );
  if (assignments.length > 0)
    await manager.query(
      `INSERT INTO asset_tags (organization_id, tag_id, asset_id)
       SELECT $1, tag_id, asset_id
         FROM unnest(string_to_array($2, ',')::uuid[], string_to_array($3, ',')::uuid[]) AS x(tag_id, asset_id)
       ON CONFLICT DO NOTHING`,
      [
        organizationId,
        listParam(assignments.map((item) => item.tagId)),
        listParam(assignments.map((item) => item.assetId)),
      ],
    );
}

/*
 * An asset's copy is fed by two topics, `inventory.asset.upserted.v1` (its attributes and status) and
 * `inventory.asset.status-changed.v1` (its status), each in order but not in order with the other: a status change
 * can be applied before the upsert that preceded it, or before the asset's first upsert. So the copy keeps when each
 * part was last changed at the source (the envelopes' `occurredAt`, taken in inventory's transaction after the row's
 * lock, so later for a later change): `attributes_at` and `status_at`, and an older event never overwrites a newer
 * part. A status for an asset not yet seen waits in `asset_statuses_ahead` for its upsert.
 */

/** A status and when it was set at the source. */
export interface TimedStatus {
  status: string;
  statusAt: string;
}

/** An asset's status (`inventory.asset.status-changed.v1`), unless the copy holds a newer one. */
export async function setAssetStatus(
  manager: EntityManager,
  organizationId: string,
  payload: AssetStatusChangedPayload,
  occurredAt: string,
): Promise<void> {
  await manager.query(
    `WITH known AS (SELECT 1 FROM assets WHERE organization_id = $1 AND id = $2),
          changed AS (UPDATE assets SET status = $3, status_at = $4, updated_at = now()
                       WHERE organization_id = $1 AND id = $2 AND status_at <= $4)
     INSERT INTO asset_statuses_ahead (asset_id, organization_id, status, status_at)
     SELECT $2, $1, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM known)
     ON CONFLICT (asset_id) DO UPDATE SET status = EXCLUDED.status, status_at = EXCLUDED.status_at
      WHERE asset_statuses_ahead.organization_id = EXCLUDED.organization_id
        AND asset_statuses_ahead.status_at <= EXCLUDED.status_at`,
    [organizationId, payload.assetId, payload.status, occurredAt],
  );
}

/**
 * The status an upsert (`inventory.asset.upserted.v1`) stores: its own, or a newer one that arrived before the
 * asset did (taken out of `asset_statuses_ahead`). The upsert then keeps the copy's status when that is newer still
 * (`ASSET_STATUS_MERGE`).
 */
export async function upsertedStatus(
  manager: EntityManager,
  organizationId: string,
  { assetId, status }: AssetUpsertedPayload,
  occurredAt: string,
): Promise<TimedStatus> {
  // A DELETE answers [rows, count] through TypeORM.
  const [[ahead]] = await manager.query<[{ status: string; status_at: Date }[], number]>(
    `DELETE FROM asset_statuses_ahead WHERE organization_id = $1 AND asset_id = $2 RETURNING status, status_at`,
    [organizationId, assetId],
  );
  return ahead && ahead.status_at.getTime() > Date.parse(occurredAt)
    ? { status: ahead.status, statusAt: ahead.status_at.toISOString() }
    : { status, statusAt: occurredAt };
}

/**
 * The SET and WHERE of an asset copy's `ON CONFLICT (id) DO UPDATE`, for an INSERT whose columns include `status`,
 * `status_at` and `attributes_at`: the attributes only from a newer upsert, the status only when newer, and never a
 * row of another organization.
 */
export const ASSET_STATUS_MERGE = {
  set: `attributes_at = EXCLUDED.attributes_at,
        status = CASE WHEN EXCLUDED.status_at >= assets.status_at THEN EXCLUDED.status ELSE assets.status END,
        status_at = greatest(assets.status_at, EXCLUDED.status_at), updated_at = now()`,
  where: `assets.organization_id = EXCLUDED.organization_id AND EXCLUDED.attributes_at >= assets.attributes_at`,
};

/**
 * The columns the asset copies' ordering needs (`attributes_at`, `status_at`, `asset_statuses_ahead`), behind the
 * tenant wall: each keeping service's migration runs these.
 */
export const ASSET_COPY_ORDER_SQL = [
  `ALTER TABLE assets ADD COLUMN attributes_at timestamptz NOT NULL DEFAULT '-infinity',
                      ADD COLUMN status_at timestamptz NOT NULL DEFAULT '-infinity'`,
  `CREATE TABLE asset_statuses_ahead (
     asset_id uuid PRIMARY KEY,
     organization_id uuid NOT NULL,
     status text NOT NULL,
     status_at timestamptz NOT NULL
   )`,
];

/**
 * A collection and its members (`inventory.collection.changed.v1`, which carries the whole membership: a replay
 * leaves the same state); a deleted collection goes with its members. False when the id is another organization's
 * (nothing changed).
 */
export async function replaceCollectionMembers(
  manager: EntityManager,
  organizationId: string,
  payload: CollectionChangedPayload,
): Promise<boolean> {
  if (payload.deleted) {
    await manager.query(`DELETE FROM collections WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      payload.collectionId,
    ]);
    return true;
  }
  const owned = await manager.query<unknown[]>(
    `INSERT INTO collections (id, organization_id, name) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name WHERE collections.organization_id = EXCLUDED.organization_id
     RETURNING id`,
    [payload.collectionId, organizationId, payload.name],
  );
  if (owned.length === 0) return false;
  await manager.query(
    `DELETE FROM collection_assets m WHERE m.organization_id = $1 AND m.collection_id = $2
        AND m.asset_id <> ALL($3::uuid[])`,
    [organizationId, payload.collectionId, payload.assetIds],
  );
  await manager.query(
    `INSERT INTO collection_assets (organization_id, collection_id, asset_id)
     SELECT $1, $2, asset_id FROM unnest($3::uuid[]) AS asset_id ON CONFLICT DO NOTHING`,
    [organizationId, payload.collectionId, payload.assetIds],
  );
  return true;
}

/** A keeping service's migration of `ASSET_COPY_ORDER_SQL`; `name` carries its timestamp (TypeORM's order). */
export const assetCopyOrderMigration = (name: string) =>
  sqlMigration(
    name,
    [...ASSET_COPY_ORDER_SQL, ...tenantWallSql(['asset_statuses_ahead'])],
    ['DROP TABLE asset_statuses_ahead', 'ALTER TABLE assets DROP COLUMN attributes_at, DROP COLUMN status_at'],
  );
