import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SidebarItemType } from '@infra/contracts';

const TABLES: Record<SidebarItemType, string> = { collection: 'collections', view: 'views', asset: 'assets' };

/** Favorites per user and organization, and the names of the items the sidebar lists. */
@Injectable()
export class SidebarRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's favorites in the organization that still exist, in the order they were marked. */
  favorites(userId: string, organizationId: string): Promise<{ type: SidebarItemType; id: string; name: string }[]> {
    return this.dataSource.query(
      `SELECT f.item_type AS type, f.item_id AS id, coalesce(c.name, v.name, a.name) AS name
         FROM sidebar_favorites f
         LEFT JOIN collections c ON f.item_type = 'collection' AND c.id = f.item_id AND c.organization_id = f.organization_id
         LEFT JOIN views v ON f.item_type = 'view' AND v.id = f.item_id AND v.organization_id = f.organization_id
         LEFT JOIN assets a ON f.item_type = 'asset' AND a.id = f.item_id AND a.organization_id = f.organization_id
        WHERE f.user_id = $1 AND f.organization_id = $2 AND coalesce(c.id, v.id, a.id) IS NOT NULL
        ORDER BY f.created_at, f.item_id`,
      [userId, organizationId],
    ) as Promise<{ type: SidebarItemType; id: string; name: string }[]>;
  }

  /** Collections and views of the organization, by name. */
  items(organizationId: string): Promise<{ type: 'collection' | 'view'; id: string; name: string }[]> {
    return this.dataSource.query(
      `SELECT 'collection' AS type, id, name FROM collections WHERE organization_id = $1
       UNION ALL
       SELECT 'view' AS type, id, name FROM views WHERE organization_id = $1
       ORDER BY type, name, id`,
      [organizationId],
    ) as Promise<{ type: 'collection' | 'view'; id: string; name: string }[]>;
  }

  /** The item's name when it is the organization's. */
  async nameOf(organizationId: string, type: SidebarItemType, id: string): Promise<string | undefined> {
    const rows = (await this.dataSource.query(
      `SELECT name FROM ${TABLES[type]} WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    )) as { name: string }[];
    return rows[0]?.name;
  }

  async mark(userId: string, organizationId: string, type: SidebarItemType, id: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO sidebar_favorites (user_id, organization_id, item_type, item_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [userId, organizationId, type, id],
    );
  }

  async unmark(userId: string, organizationId: string, type: SidebarItemType, id: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM sidebar_favorites WHERE user_id = $1 AND organization_id = $2 AND item_type = $3 AND item_id = $4`,
      [userId, organizationId, type, id],
    );
  }
}
