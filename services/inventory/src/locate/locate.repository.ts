import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SidebarItemType } from '@infra/contracts';
import { acrossTenants } from '@infra/platform';
import { DataSource } from 'typeorm';

const TABLE_OF: Record<SidebarItemType, string> = { asset: 'assets', collection: 'collections', view: 'views' };

/**
 * Which organization holds an asset, collection or view: searched only among the organizations given (the
 * caller's), so an entity elsewhere is as unknown as a random id. One primary-key look-up either way.
 */
@Injectable()
export class LocateRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async organizationOf(
    kind: SidebarItemType,
    id: string,
    organizationIds: readonly string[],
  ): Promise<string | undefined> {
    // Several organizations at once: a named cross-tenant path of the row-level security.
    const [row] = (await acrossTenants('locate', () =>
      this.dataSource.query(
        `SELECT organization_id AS "organizationId" FROM ${TABLE_OF[kind]} WHERE id = $1 AND organization_id = ANY($2::uuid[])`,
        [id, organizationIds],
      ),
    )) as { organizationId: string }[];
    return row?.organizationId;
  }

  /** For a System Admin, whose tenant is the whole platform: any organization. */
  async organizationOfAny(kind: SidebarItemType, id: string): Promise<string | undefined> {
    const [row] = (await acrossTenants('locate', () =>
      this.dataSource.query(`SELECT organization_id AS "organizationId" FROM ${TABLE_OF[kind]} WHERE id = $1`, [id]),
    )) as { organizationId: string }[];
    return row?.organizationId;
  }
}
