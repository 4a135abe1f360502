import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { refreshAssetLinks } from '../assets/assets.repository';
import { isUniqueViolation } from '@infra/platform';

export interface CollectionRow {
  id: string;
  name: string;
  asset_count: number;
  created_at: Date;
  updated_at: Date;
}

/** Unique (organization_id, lower(name)) violated. */
export function isDuplicateName(error: unknown): boolean {
  return isUniqueViolation(error);
}

const SELECT = `SELECT c.id, c.name, c.created_at, c.updated_at,
  (SELECT count(*)::int FROM collection_assets m WHERE m.collection_id = c.id) AS asset_count
  FROM collections c`;

/** Every query on collections and their members, each filtered by the organization. */
@Injectable()
export class CollectionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  list(organizationId: string): Promise<CollectionRow[]> {
    return this.dataSource.query(`${SELECT} WHERE c.organization_id = $1 ORDER BY lower(c.name), c.id`, [
      organizationId,
    ]) as Promise<CollectionRow[]>;
  }

  async find(organizationId: string, id: string, manager?: EntityManager): Promise<CollectionRow | undefined> {
    const rows = (await (manager ?? this.dataSource).query(`${SELECT} WHERE c.organization_id = $1 AND c.id = $2`, [
      organizationId,
      id,
    ])) as CollectionRow[];
    return rows[0];
  }

  /** The collection, locked for a change of its members or name; undefined when not the organization's. */
  async lock(manager: EntityManager, organizationId: string, id: string): Promise<boolean> {
    const rows = (await manager.query(`SELECT id FROM collections WHERE organization_id = $1 AND id = $2 FOR UPDATE`, [
      organizationId,
      id,
    ])) as unknown[];
    return rows.length === 1;
  }

  async insert(
    manager: EntityManager,
    tenant: { organizationId: string; accountId: string },
    name: string,
  ): Promise<string> {
    const [{ id }] = (await manager.query(
      `INSERT INTO collections (organization_id, account_id, name) VALUES ($1, $2, $3) RETURNING id`,
      [tenant.organizationId, tenant.accountId, name],
    )) as { id: string }[];
    return id;
  }

  async rename(manager: EntityManager, organizationId: string, id: string, name: string): Promise<void> {
    await manager.query(`UPDATE collections SET name = $3, updated_at = now() WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      id,
      name,
    ]);
  }

  async touch(manager: EntityManager, organizationId: string, id: string): Promise<void> {
    await manager.query(`UPDATE collections SET updated_at = now() WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      id,
    ]);
  }

  /** Adds members; the organization's assets only (the service checked every id first). */
  async addMembers(manager: EntityManager, organizationId: string, id: string, assetIds: string[]): Promise<void> {
    if (assetIds.length === 0) return;
    await manager.query(
      `INSERT INTO collection_assets (collection_id, asset_id, organization_id)
       SELECT $2, a.id, $1 FROM assets a WHERE a.organization_id = $1 AND a.id = ANY($3::uuid[])
       ON CONFLICT DO NOTHING`,
      [organizationId, id, assetIds],
    );
    await refreshAssetLinks(manager, organizationId, assetIds);
  }

  async removeMembers(manager: EntityManager, organizationId: string, id: string, assetIds: string[]): Promise<void> {
    if (assetIds.length === 0) return;
    await manager.query(
      `DELETE FROM collection_assets WHERE organization_id = $1 AND collection_id = $2 AND asset_id = ANY($3::uuid[])`,
      [organizationId, id, assetIds],
    );
    await refreshAssetLinks(manager, organizationId, assetIds);
  }

  async memberIds(organizationId: string, id: string, manager?: EntityManager): Promise<string[]> {
    const rows = (await (manager ?? this.dataSource).query(
      `SELECT asset_id FROM collection_assets WHERE organization_id = $1 AND collection_id = $2 ORDER BY asset_id`,
      [organizationId, id],
    )) as { asset_id: string }[];
    return rows.map((row) => row.asset_id);
  }

  /** Deletes the collection, its memberships and every favorite pointing at it; the assets stay. */
  async delete(manager: EntityManager, organizationId: string, id: string): Promise<void> {
    const [members] = (await manager.query(
      `DELETE FROM collection_assets WHERE organization_id = $1 AND collection_id = $2 RETURNING asset_id`,
      [organizationId, id],
    )) as [{ asset_id: string }[], number];
    await manager.query(`DELETE FROM collections WHERE organization_id = $1 AND id = $2`, [organizationId, id]);
    await refreshAssetLinks(
      manager,
      organizationId,
      members.map((member) => member.asset_id),
    );
    await manager.query(
      `DELETE FROM sidebar_favorites WHERE organization_id = $1 AND item_type = 'collection' AND item_id = $2`,
      [organizationId, id],
    );
  }

  /** Names of the organization's collections among these ids. */
  namesOf(organizationId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
    return this.dataSource.query(
      `SELECT id, name FROM collections WHERE organization_id = $1 AND id = ANY($2::uuid[]) ORDER BY lower(name)`,
      [organizationId, ids],
    ) as Promise<{ id: string; name: string }[]>;
  }
}
