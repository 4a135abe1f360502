import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { Account, AccountRoleName, Membership } from '../accounts/account.entity';
import { User } from '../users/user.entity';

/** What a members list shows of an active member (no password hash, no MFA secret: only whether MFA is on). */
export interface MemberRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRoleName;
  mfaEnabled: boolean;
}

/** Every query on memberships; each is filtered by the account (the tenant). */
@Injectable()
export class MembersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The user's role in the account: one primary-key look-up. */
  async roleOf(accountId: string, userId: string): Promise<AccountRoleName | null> {
    const membership = await this.dataSource
      .getRepository(Membership)
      .findOne({ select: { role: true }, where: { accountId, userId } });
    return membership?.role ?? null;
  }

  /** Whether the account exists (a System Admin is Admin of every account, not of an unknown id). */
  accountExists(accountId: string): Promise<boolean> {
    return this.dataSource.getRepository(Account).existsBy({ id: accountId });
  }

  list(accountId: string): Promise<MemberRow[]> {
    return memberRows(this.dataSource.getRepository(Membership))
      .where('membership.account_id = :accountId', { accountId })
      .orderBy('user.email')
      .getRawMany<MemberRow>();
  }

  /** Whether the email already belongs to a member of the account (the Admin sees members anyway). */
  isMemberByEmail(accountId: string, email: string): Promise<boolean> {
    return this.dataSource
      .getRepository(Membership)
      .createQueryBuilder('membership')
      .innerJoin(User, 'user', 'user.id = membership.user_id')
      .where('membership.account_id = :accountId AND user.email = :email', { accountId, email })
      .getExists();
  }

  /**
   * Locks every membership row of the account (in a stable order, so concurrent callers queue instead of
   * deadlocking): two concurrent demotions cannot both pass the last-Admin check.
   */
  lockAll(manager: EntityManager, accountId: string): Promise<Membership[]> {
    return manager
      .getRepository(Membership)
      .createQueryBuilder('membership')
      .where('membership.account_id = :accountId', { accountId })
      .orderBy('membership.user_id')
      .setLock('pessimistic_write')
      .getMany();
  }

  async setRole(manager: EntityManager, accountId: string, userId: string, role: AccountRoleName): Promise<void> {
    await manager.update(Membership, { accountId, userId }, { role });
  }

  async delete(manager: EntityManager, accountId: string, userId: string): Promise<void> {
    await manager.delete(Membership, { accountId, userId });
  }

  /** The member row as a list shows it, inside the caller's transaction. */
  async member(manager: EntityManager, accountId: string, userId: string): Promise<MemberRow | undefined> {
    return memberRows(manager.getRepository(Membership))
      .where('membership.account_id = :accountId AND membership.user_id = :userId', { accountId, userId })
      .getRawOne<MemberRow>();
  }
}

/** Members as a list shows them: the user's shown columns and role, never the password hash or MFA secret. */
function memberRows(memberships: Repository<Membership>) {
  return memberships
    .createQueryBuilder('membership')
    .innerJoin(User, 'user', 'user.id = membership.user_id')
    .select([
      'user.id AS "userId"',
      'user.email AS "email"',
      'user.first_name AS "firstName"',
      'user.last_name AS "lastName"',
      'membership.role AS "role"',
      'user.mfa_secret IS NOT NULL AS "mfaEnabled"',
    ]);
}
