import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { CallerContext } from '@infra/platform';
import { Account, AccountRoleName, Membership } from '../accounts/account.entity';
import { Organization } from './organization.entity';
import { isUniqueViolation } from '@infra/platform';

/** An organization the caller may see, its account's name and the caller's role there ('Admin' for a System Admin). */
export interface OrganizationInAccount {
  organization: Organization;
  accountName: string;
  role: AccountRoleName;
}

/** Unique (account_id, name) violated: a name already used in the account. */
export function isDuplicateName(error: unknown): boolean {
  return isUniqueViolation(error);
}

/** Every query on organizations; each is filtered by the account, reached through the caller's membership. */
@Injectable()
export class OrganizationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One query: the organization, when it exists AND the caller belongs to its account (else undefined). */
  async findForCaller(caller: CallerContext, organizationId: string): Promise<OrganizationInAccount | undefined> {
    const { entities, raw } = await this.dataSource
      .getRepository(Organization)
      .createQueryBuilder('organization')
      .innerJoin(Account, 'account', 'account.id = organization.account_id')
      .leftJoin(
        Membership,
        'membership',
        'membership.account_id = organization.account_id AND membership.user_id = :userId',
        { userId: caller.userId },
      )
      .addSelect('account.name', 'account_name')
      .addSelect(caller.systemAdmin ? `'Admin'` : 'membership.role', 'caller_role')
      .where('organization.id = :organizationId', { organizationId })
      .andWhere(caller.systemAdmin ? 'TRUE' : 'membership.user_id IS NOT NULL')
      .getRawAndEntities<{ account_name: string; caller_role: AccountRoleName }>();
    if (!entities[0]) return undefined;
    return { organization: entities[0], accountName: raw[0].account_name, role: raw[0].caller_role };
  }

  /** Organizations of the accounts the user is a member of, with their account's name, by name. */
  async listOfMember(userId: string): Promise<{ organization: Organization; accountName: string }[]> {
    const { entities, raw } = await this.dataSource
      .getRepository(Organization)
      .createQueryBuilder('organization')
      .innerJoin(
        Membership,
        'membership',
        'membership.account_id = organization.account_id AND membership.user_id = :userId',
        { userId },
      )
      .innerJoin(Account, 'account', 'account.id = organization.account_id')
      .addSelect('account.name', 'account_name')
      .orderBy('organization.name')
      .getRawAndEntities<{ account_name: string }>();
    return entities.map((organization, index) => ({ organization, accountName: raw[index].account_name }));
  }

  /** Organizations of one account, already checked to be visible to the caller. */
  listOfAccount(accountId: string): Promise<Organization[]> {
    return this.dataSource.getRepository(Organization).find({ where: { accountId }, order: { name: 'ASC' } });
  }

  /** The account's name and plan limit (the limit goes out with each organization's event). */
  async accountOf(manager: EntityManager, accountId: string): Promise<Pick<Account, 'name' | 'assetLimit'> | null> {
    return manager.findOne(Account, { select: { name: true, assetLimit: true }, where: { id: accountId } });
  }

  lock(manager: EntityManager, organizationId: string): Promise<Organization | null> {
    return manager.findOne(Organization, { where: { id: organizationId }, lock: { mode: 'pessimistic_write' } });
  }

  async delete(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.delete(Organization, { id: organizationId });
  }

  insert(manager: EntityManager, values: Partial<Organization> & { accountId: string }): Promise<Organization> {
    return manager.save(manager.create(Organization, values));
  }

  /** Updates the organization of that account (the account filter keeps it to the tenant checked before). */
  async update(
    manager: EntityManager,
    accountId: string,
    organizationId: string,
    changes: Partial<Organization>,
  ): Promise<Organization> {
    await manager.update(Organization, { id: organizationId, accountId }, changes);
    return manager.findOneByOrFail(Organization, { id: organizationId, accountId });
  }
}
