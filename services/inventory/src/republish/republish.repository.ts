import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { ASSET_ATTRIBUTE_NAMES, type AssetStatus, type AssetUpsertedPayload } from '@infra/contracts';
import { acrossTenants } from '@infra/platform';

interface AssetStateRow {
  id: string;
  account_id: string;
  external_id: string;
  name: string;
  status: AssetStatus;
  collection_ids: string[];
  [attribute: string]: unknown;
}

/** An asset as its latest `inventory.asset.upserted` event says it, with the account it belongs to. */
export interface AssetState {
  accountId: string;
  payload: AssetUpsertedPayload;
}

/** A collection as its latest `inventory.collection.changed` event says it. */
export interface CollectionState {
  accountId: string;
  collectionId: string;
  name: string;
  assetIds: string[];
}

/** What a republish reads: every organization's assets and collections as they now are (the copies' source of truth). */
export class RepublishRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Every organization with assets or collections ('republish': the operator's "all"). */
  async organizations(): Promise<string[]> {
    const rows = await acrossTenants('republish', () =>
      this.dataSource.query<{ organization_id: string }[]>(
        `SELECT organization_id FROM assets UNION SELECT organization_id FROM collections ORDER BY 1`,
      ),
    );
    return rows.map((row) => row.organization_id);
  }

  /** The organization's assets after `afterId` in id order, `limit` of them (keyset pages: none skipped or repeated). */
  async assetPage(
    manager: EntityManager,
    organizationId: string,
    afterId: string | null,
    limit: number,
  ): Promise<AssetState[]> {
    const rows = await manager.query<AssetStateRow[]>(
      `SELECT id, account_id, external_id, name, status, collection_ids, ${ASSET_ATTRIBUTE_NAMES.join(', ')}
         FROM assets WHERE organization_id = $1 AND ($2::uuid IS NULL OR id > $2) ORDER BY id LIMIT $3`,
      [organizationId, afterId, limit],
    );
    return rows.map((row) => ({
      accountId: row.account_id,
      payload: {
        assetId: row.id,
        externalId: row.external_id,
        name: row.name,
        status: row.status,
        collectionIds: row.collection_ids,
        attributes: Object.fromEntries(
          ASSET_ATTRIBUTE_NAMES.map((name) => [name, (row[name] ?? null) as string | number | boolean | null]),
        ),
      },
    }));
  }

  /** The organization's collections with their member ids. */
  async collections(manager: EntityManager, organizationId: string): Promise<CollectionState[]> {
    return manager.query<CollectionState[]>(
      `SELECT c.account_id AS "accountId", c.id AS "collectionId", c.name,
              coalesce(array_agg(m.asset_id ORDER BY m.asset_id) FILTER (WHERE m.asset_id IS NOT NULL), '{}')
                AS "assetIds"
         FROM collections c
         LEFT JOIN collection_assets m ON m.organization_id = c.organization_id AND m.collection_id = c.id
        WHERE c.organization_id = $1
        GROUP BY c.id ORDER BY c.id`,
      [organizationId],
    );
  }
}
