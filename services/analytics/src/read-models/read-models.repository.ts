import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type {
  AssetUpsertedPayload,
  CollectionChangedPayload,
  TagChangedPayload,
  TagsAssignedPayload,
  ThresholdsChangedPayload,
} from '@infra/contracts';
import { applyAssetTagAssignments, ASSET_STATUS_MERGE, upsertedStatus } from '@infra/messaging';
import { capacityOf } from '../capacity/capacity';

type Attributes = AssetUpsertedPayload['attributes'];

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** A number attribute, also when inventory carries it as numeric text ("8", "2.5"). */
function number(value: unknown): number | null {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
}

function flag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return null;
}

/**
 * Analytics' copy of inventory's assets, written only by its events. Every row carries the event's organization, and
 * an asset id seen under another organization is never moved (the WHERE of the update).
 */
@Injectable()
export class ReadModelsRepository {
  /**
   * Upserts the asset with its capacity; returns whether its capacity or list price changed (its rollups then need
   * redoing: the organization's capacity, workload and cost sums carry its WCU and price), and whether its site,
   * instance type or WCU changed (the unit costs kept by site and instance type then move their version, in this
   * transaction, and need rebuilding). An id seen under another organization changes nothing.
   */
  async upsertAsset(
    manager: EntityManager,
    organizationId: string,
    payload: AssetUpsertedPayload,
    /** When inventory changed it (the envelope's); now for callers outside a consumer. */
    occurredAt = new Date().toISOString(),
  ): Promise<{ stored: boolean; capacityChanged: boolean; unitCostsChanged: boolean }> {
    const attributes: Attributes = payload.attributes;
    const inputs = {
      cpuCores: number(attributes.cpu_cores),
      cpuSpeed: number(attributes.cpu_speed),
      currentGeneration: flag(attributes.current_generation),
      instanceType: text(attributes.instance_type),
    };
    const capacity = capacityOf(inputs);
    const { status, statusAt } = await upsertedStatus(manager, organizationId, payload, occurredAt);
    const rows = await manager.query<{ capacity_changed: boolean; unit_costs_changed: boolean }[]>(
      `WITH previous AS (SELECT wcu, cost_per_hour, site, instance_type FROM assets
                          WHERE id = $2 AND organization_id = $1)
       INSERT INTO assets (organization_id, id, external_id, name, status, cpu_cores, cpu_speed, memory,
                           instance_type, site, current_generation, wcu, speed_assumed, cost_per_hour, status_at,
                           attributes_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
               CASE WHEN coalesce((SELECT price_list_fallback FROM financial_settings WHERE organization_id = $1), true)
                    THEN $14::real END, $15, $16)
       ON CONFLICT (id) DO UPDATE SET external_id = COALESCE(EXCLUDED.external_id, assets.external_id),
         name = EXCLUDED.name, cpu_cores = EXCLUDED.cpu_cores,
         cpu_speed = EXCLUDED.cpu_speed, memory = EXCLUDED.memory, instance_type = EXCLUDED.instance_type,
         site = EXCLUDED.site, current_generation = EXCLUDED.current_generation, wcu = EXCLUDED.wcu,
         speed_assumed = EXCLUDED.speed_assumed, cost_per_hour = EXCLUDED.cost_per_hour, ${ASSET_STATUS_MERGE.set}
       WHERE ${ASSET_STATUS_MERGE.where}
       RETURNING (SELECT wcu FROM previous) IS DISTINCT FROM wcu
              OR (SELECT cost_per_hour FROM previous) IS DISTINCT FROM cost_per_hour AS capacity_changed,
                 -- A new asset has no period sums yet: only a known one moves the unit costs.
                 EXISTS (SELECT 1 FROM previous p WHERE (p.site, p.instance_type, p.wcu)
                           IS DISTINCT FROM (assets.site, assets.instance_type, assets.wcu)) AS unit_costs_changed`,
      [
        organizationId,
        payload.assetId,
        payload.externalId ?? null,
        payload.name,
        status,
        inputs.cpuCores,
        inputs.cpuSpeed,
        number(attributes.memory),
        inputs.instanceType,
        text(attributes.site),
        inputs.currentGeneration,
        capacity.wcu,
        capacity.speedAssumed,
        capacity.listPricePerHour,
        statusAt,
        occurredAt,
      ],
    );
    const unitCostsChanged = rows[0]?.unit_costs_changed ?? false;
    if (unitCostsChanged)
      await manager.query(
        `INSERT INTO unit_cost_asset_versions (organization_id, version) VALUES ($1, 1)
         ON CONFLICT (organization_id) DO UPDATE SET version = unit_cost_asset_versions.version + 1`,
        [organizationId],
      );
    return { stored: rows.length > 0, capacityChanged: rows[0]?.capacity_changed ?? false, unitCostsChanged };
  }

  async rememberAccount(manager: EntityManager, organizationId: string, accountId: string): Promise<void> {
    await manager.query(
      `INSERT INTO organization_accounts (organization_id, account_id) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET account_id = EXCLUDED.account_id
       WHERE organization_accounts.account_id IS DISTINCT FROM EXCLUDED.account_id`,
      [organizationId, accountId],
    );
  }

  /** Keeps the newest thresholds of the account; returns whether they changed. */
  async applyThresholds(manager: EntityManager, payload: ThresholdsChangedPayload, occurredAt: string) {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO account_thresholds (account_id, min_threshold, max_threshold, occurred_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id) DO UPDATE SET min_threshold = EXCLUDED.min_threshold,
         max_threshold = EXCLUDED.max_threshold, occurred_at = EXCLUDED.occurred_at
       WHERE account_thresholds.occurred_at <= EXCLUDED.occurred_at
         AND (account_thresholds.min_threshold, account_thresholds.max_threshold)
             IS DISTINCT FROM (EXCLUDED.min_threshold, EXCLUDED.max_threshold)
       RETURNING account_id`,
      [payload.accountId, payload.minWorkloadPercentThreshold, payload.maxWorkloadPercentThreshold, occurredAt],
    );
    return rows.length > 0;
  }

  /** The account of an organization (null before its `identity.organization.changed.v1` arrived). */
  async accountOf(manager: EntityManager, organizationId: string): Promise<string | null> {
    const rows = await manager.query<{ account_id: string }[]>(
      `SELECT account_id FROM organization_accounts WHERE organization_id = $1`,
      [organizationId],
    );
    return rows[0]?.account_id ?? null;
  }

  /** The organizations of an account (a threshold change rolls each of them up again). */
  async organizationsOf(manager: EntityManager, accountId: string): Promise<string[]> {
    const rows = await manager.query<{ organization_id: string }[]>(
      `SELECT organization_id FROM organization_accounts WHERE account_id = $1`,
      [accountId],
    );
    return rows.map((row) => row.organization_id);
  }

  async applyTagAssignments(manager: EntityManager, organizationId: string, payload: TagsAssignedPayload) {
    await applyAssetTagAssignments(manager, organizationId, payload);
  }

  async applyTagChanged(manager: EntityManager, organizationId: string, payload: TagChangedPayload) {
    await manager.query(
      `INSERT INTO tag_labels (organization_id, tag_id, label) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, tag_id) DO UPDATE SET label = EXCLUDED.label`,
      [organizationId, payload.tagId, `${payload.key}:${payload.value}`],
    );
  }

  /** The collection event carries the whole membership: it replaces ours. */
  async applyCollectionChanged(manager: EntityManager, organizationId: string, payload: CollectionChangedPayload) {
    await manager.query(`DELETE FROM collection_assets WHERE organization_id = $1 AND collection_id = $2`, [
      organizationId,
      payload.collectionId,
    ]);
    if (payload.deleted) {
      await manager.query(`DELETE FROM collections WHERE organization_id = $1 AND id = $2`, [
        organizationId,
        payload.collectionId,
      ]);
      return;
    }
    await manager.query(
      `INSERT INTO collections (organization_id, id, name) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, id) DO UPDATE SET name = EXCLUDED.name`,
      [organizationId, payload.collectionId, payload.name],
    );
    await manager.query(
      `INSERT INTO collection_assets (organization_id, collection_id, asset_id)
       SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING`,
      [organizationId, payload.collectionId, payload.assetIds],
    );
  }
}
