import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AccountRoleName } from '../accounts/account.entity';

/** The gateway's membership checks: one query each, on indexed keys. */
@Injectable()
export class InternalMembershipsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The organization's account and the user's role there (null when not a member); undefined: no organization. */
  async roleInOrganization(
    organizationId: string,
    userId: string,
  ): Promise<{ accountId: string; role: AccountRoleName | null } | undefined> {
    const [row] = (await this.dataSource.query(
      `SELECT o.account_id AS "accountId", m.role AS "role"
         FROM organizations o
         LEFT JOIN memberships m ON m.account_id = o.account_id AND m.user_id = $2
        WHERE o.id = $1`,
      [organizationId, userId],
    )) as { accountId: string; role: AccountRoleName | null }[];
    return row;
  }

  /** Every organization the user may open through a membership of its account (one indexed query). */
  organizationsOfMember(userId: string): Promise<{ organizationId: string }[]> {
    return this.dataSource.query(
      `SELECT o.id AS "organizationId"
         FROM memberships m
         JOIN organizations o ON o.account_id = m.account_id
        WHERE m.user_id = $1`,
      [userId],
    ) as Promise<{ organizationId: string }[]>;
  }
}
