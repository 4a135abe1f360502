import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TimeHorizon } from '@infra/contracts';

export interface ViewRow {
  id: string;
  name: string;
  description: string;
  tag_ids: string[];
  collection_ids: string[];
  time_horizon: TimeHorizon;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export interface ViewFields {
  name: string;
  description: string;
  tagIds: string[];
  collectionIds: string[];
  timeHorizon: TimeHorizon;
}

const COLUMNS = 'id, name, description, tag_ids, collection_ids, time_horizon, created_by, created_at, updated_at';

/** Every query on saved views, each filtered by the organization. */
@Injectable()
export class ViewsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** How many of these tag ids are the organization's (inventory's copy of tagging's tags). */
  async knownTags(organizationId: string, tagIds: string[]): Promise<number> {
    if (tagIds.length === 0) return 0;
    const [{ known }] = await this.dataSource.query<{ known: number }[]>(
      `SELECT count(*)::int AS known FROM tags WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
      [organizationId, tagIds],
    );
    return known;
  }

  list(organizationId: string): Promise<ViewRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM views WHERE organization_id = $1 ORDER BY lower(name), id`, [
      organizationId,
    ]) as Promise<ViewRow[]>;
  }

  async find(organizationId: string, id: string, manager?: EntityManager): Promise<ViewRow | undefined> {
    const rows = (await (manager ?? this.dataSource).query(
      `SELECT ${COLUMNS} FROM views WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    )) as ViewRow[];
    return rows[0];
  }

  async insert(
    manager: EntityManager,
    tenant: { organizationId: string; accountId: string; userId: string },
    fields: ViewFields,
  ): Promise<ViewRow> {
    const rows = (await manager.query(
      `INSERT INTO views (organization_id, account_id, created_by, name, description, tag_ids, collection_ids, time_horizon)
       VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7::uuid[], $8) RETURNING ${COLUMNS}`,
      [
        tenant.organizationId,
        tenant.accountId,
        tenant.userId,
        fields.name,
        fields.description,
        fields.tagIds,
        fields.collectionIds,
        fields.timeHorizon,
      ],
    )) as ViewRow[];
    return rows[0];
  }

  async update(manager: EntityManager, organizationId: string, id: string, fields: ViewFields): Promise<ViewRow> {
    const [rows] = (await manager.query(
      `UPDATE views SET name = $3, description = $4, tag_ids = $5::uuid[], collection_ids = $6::uuid[],
              time_horizon = $7, updated_at = now()
        WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [organizationId, id, fields.name, fields.description, fields.tagIds, fields.collectionIds, fields.timeHorizon],
    )) as [ViewRow[], number];
    return rows[0];
  }

  /** Deletes the view and every favorite pointing at it. */
  async delete(manager: EntityManager, organizationId: string, id: string): Promise<void> {
    await manager.query(`DELETE FROM views WHERE organization_id = $1 AND id = $2`, [organizationId, id]);
    await manager.query(
      `DELETE FROM sidebar_favorites WHERE organization_id = $1 AND item_type = 'view' AND item_id = $2`,
      [organizationId, id],
    );
  }
}
