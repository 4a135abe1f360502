import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import type { CallerContext } from '@infra/platform';
import { Organization } from '../organizations/organization.entity';
import { Account, AccountRoleName, Membership } from './account.entity';

/** An account with the caller's role in it ('Admin' for a System Admin). */
export interface AccountWithRole {
  account: Account;
  role: AccountRoleName;
}

type AccountKey = { id: string } | { slug: string };

/**
 * Every query on accounts. The tenant filter of an account is the caller's membership: each look-up joins the
 * caller's membership row and matches only when it exists (or the caller is a System Admin).
 */
@Injectable()
export class AccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The accounts the caller belongs to (every account for a System Admin: that is their listing). */
  async listForCaller(caller: CallerContext, authClientId?: string): Promise<AccountWithRole[]> {
    const query = this.callerScoped(caller).orderBy('account.name');
    if (authClientId !== undefined) query.andWhere('account.auth_client_id = :authClientId', { authClientId });
    return this.withRoles(query);
  }

  /** The accounts the caller is a member of (System Admins included: no platform-wide load). */
  async listMemberships(userId: string): Promise<AccountWithRole[]> {
    return this.withRoles(
      this.dataSource
        .getRepository(Account)
        .createQueryBuilder('account')
        .innerJoin(Membership, 'membership', 'membership.account_id = account.id AND membership.user_id = :userId', {
          userId,
        })
        .addSelect('membership.role', 'caller_role')
        .orderBy('account.name'),
    );
  }

  async findForCaller(caller: CallerContext, key: AccountKey): Promise<AccountWithRole | undefined> {
    const query = this.callerScoped(caller);
    if ('id' in key) query.andWhere('account.id = :id', { id: key.id });
    else query.andWhere('account.slug = :slug', { slug: key.slug });
    return (await this.withRoles(query))[0];
  }

  /** The account an organization belongs to, when the caller may see it. */
  async findByOrganizationForCaller(
    caller: CallerContext,
    organizationId: string,
  ): Promise<AccountWithRole | undefined> {
    const query = this.callerScoped(caller).innerJoin(
      Organization,
      'organization',
      'organization.account_id = account.id AND organization.id = :organizationId',
      { organizationId },
    );
    return (await this.withRoles(query))[0];
  }

  /** Organizations of the given accounts, by name. */
  organizationsOf(accountIds: string[]): Promise<Organization[]> {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(Organization)
      .find({ where: { accountId: In(accountIds) }, order: { name: 'ASC' } });
  }

  slugExists(slug: string): Promise<boolean> {
    return this.dataSource.getRepository(Account).existsBy({ slug });
  }

  insert(
    values: Pick<Account, 'name' | 'slug' | 'timeZone'> & Partial<Pick<Account, 'plan' | 'assetLimit'>>,
  ): Promise<Account> {
    const accounts = this.dataSource.getRepository(Account);
    return accounts.save(accounts.create(values));
  }

  lock(manager: EntityManager, accountId: string): Promise<Account | null> {
    return manager.findOne(Account, { where: { id: accountId }, lock: { mode: 'pessimistic_write' } });
  }

  async update(manager: EntityManager, accountId: string, changes: Partial<Account>): Promise<void> {
    await manager.update(Account, { id: accountId }, changes);
  }

  /** How many of `userIds` are members of the account. */
  countMembers(manager: EntityManager, accountId: string, userIds: string[]): Promise<number> {
    return manager.countBy(Membership, { accountId, userId: In(userIds) });
  }

  /** The ids and names of the account's organizations, in the transaction (its removal, a new plan limit). */
  organizationsIn(manager: EntityManager, accountId: string): Promise<Pick<Organization, 'id' | 'name'>[]> {
    return manager.find(Organization, { select: { id: true, name: true }, where: { accountId } });
  }

  async memberIds(manager: EntityManager, accountId: string): Promise<string[]> {
    return (await manager.find(Membership, { select: { userId: true }, where: { accountId } })).map((m) => m.userId);
  }

  /** Offboarding: of these users, those who are now members of no account (and not System Admins) are removed. */
  async deleteUsersWithoutAccount(manager: EntityManager, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await manager.query(
      `DELETE FROM users u WHERE u.id = ANY($1::uuid[]) AND NOT u.system_admin
          AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)`,
      [userIds],
    );
  }

  async delete(manager: EntityManager, accountId: string): Promise<boolean> {
    return (await manager.delete(Account, { id: accountId })).affected === 1;
  }

  /** Accounts joined with the caller's membership; rows without one only for a System Admin. */
  private callerScoped(caller: CallerContext) {
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .leftJoin(Membership, 'membership', 'membership.account_id = account.id AND membership.user_id = :userId', {
        userId: caller.userId,
      })
      .addSelect(caller.systemAdmin ? `'Admin'` : 'membership.role', 'caller_role')
      .where(caller.systemAdmin ? 'TRUE' : 'membership.user_id IS NOT NULL');
  }

  private async withRoles(query: ReturnType<AccountsRepository['callerScoped']>): Promise<AccountWithRole[]> {
    const { entities, raw } = await query.getRawAndEntities<{ caller_role: AccountRoleName }>();
    return entities.map((account, index) => ({ account, role: raw[index].caller_role }));
  }
}
