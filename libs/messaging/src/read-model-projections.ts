import type { EntityManager } from 'typeorm';
import type { AssetStatusChangedPayload, CollectionChangedPayload, TagsAssignedPayload } from '@infra/contracts';
import { listParam } from '@infra/platform';

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

/** An asset's status (`inventory.asset.status-changed.v1`). */
export async function setAssetStatus(
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
