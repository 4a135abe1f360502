import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type {
  AssetUpsertedPayload,
  CollectionChangedPayload,
  TagChangedPayload,
  TagsAssignedPayload,
} from '@infra/contracts';
import { ASSET_STATUS_MERGE, replaceCollectionMembers, upsertedStatus } from '@infra/messaging';

/**
 * The events service's copy of inventory (assets, collections and their members) and tagging (tags, their assets),
 * written only by their events. Every row carries the event's organization, and an asset, collection or tag id seen
 * under another organization is never moved (the WHERE on updates). Membership comes from the collection's own
 * event, which carries it whole: an asset event's `collectionIds` may be older than it (another topic).
 */
@Injectable()
export class ReadModelsRepository {
  async upsertAsset(
    manager: EntityManager,
    organizationId: string,
    payload: AssetUpsertedPayload,
    /** When inventory changed it (the envelope's); now for callers outside a consumer. */
    occurredAt = new Date().toISOString(),
  ): Promise<void> {
    const { status, statusAt } = await upsertedStatus(manager, organizationId, payload, occurredAt);
    await manager.query(
      `INSERT INTO assets (id, organization_id, name, status, status_at, attributes_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, ${ASSET_STATUS_MERGE.set}
       WHERE ${ASSET_STATUS_MERGE.where}`,
      [payload.assetId, organizationId, payload.name, status, statusAt, occurredAt],
    );
  }

  /**
   * The event carries the whole membership: it replaces ours (a replay leaves the same state); a deleted collection
   * loses its members. Returns false when the id is another organization's (nothing changed).
   */
  async replaceCollection(
    manager: EntityManager,
    organizationId: string,
    payload: CollectionChangedPayload,
  ): Promise<boolean> {
    return replaceCollectionMembers(manager, organizationId, payload);
  }

  /** Applies assignments and unassignments; returns the tags whose assets changed. */
  async applyTagAssignments(
    manager: EntityManager,
    organizationId: string,
    payload: TagsAssignedPayload,
  ): Promise<string[]> {
    const { assignments, unassignments } = payload;
    const removed =
      unassignments.length === 0
        ? []
        : await manager.query<{ tag_id: string }[]>(
            `DELETE FROM asset_tags t USING unnest($2::uuid[], $3::uuid[]) AS x(tag_id, asset_id)
              WHERE t.organization_id = $1 AND t.tag_id = x.tag_id AND t.asset_id = x.asset_id
             RETURNING t.tag_id`,
            [organizationId, unassignments.map((item) => item.tagId), unassignments.map((item) => item.assetId)],
          );
    const added =
      assignments.length === 0
        ? []
        : await manager.query<{ tag_id: string }[]>(
            `INSERT INTO asset_tags (organization_id, tag_id, asset_id)
             SELECT $1, tag_id, asset_id FROM unnest($2::uuid[], $3::uuid[]) AS x(tag_id, asset_id)
             ON CONFLICT DO NOTHING
             RETURNING tag_id`,
            [organizationId, assignments.map((item) => item.tagId), assignments.map((item) => item.assetId)],
          );
    return [...new Set([...removed, ...added].map((row) => row.tag_id))];
  }

  /** The tag's `key:value` names its rules; an id seen under another organization is never moved. */
  async upsertTag(manager: EntityManager, organizationId: string, payload: TagChangedPayload): Promise<void> {
    await manager.query(
      `INSERT INTO tags (id, organization_id, key, value, status) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET key = EXCLUDED.key, value = EXCLUDED.value, status = EXCLUDED.status
       WHERE tags.organization_id = EXCLUDED.organization_id`,
      [payload.tagId, organizationId, payload.key, payload.value, payload.status],
    );
  }
}
