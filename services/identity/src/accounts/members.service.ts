import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { IDENTITY_MESSAGES, MemberDto, MESSAGES } from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { hashPassword, randomToken } from '../crypto/crypto';
import { PasswordResetService } from '../password-reset/password-reset.service';
import { User } from '../users/user.entity';
import { AccountAccess } from './account-access';
import { Membership } from './account.entity';
import { AddMemberDto, ChangeRoleDto } from './accounts.dto';
import { toMemberDto } from './identity.mapper';

/** Member management of an account: add (invite) by email with a role, change role, remove. Admins only. */
@Injectable()
export class MembersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: AccountAccess,
    private readonly passwordReset: PasswordResetService,
  ) {}

  async list(caller: CallerContext, accountId: string): Promise<MemberDto[]> {
    await this.access.requireMember(caller, accountId);
    const rows = await this.dataSource
      .getRepository(Membership)
      .createQueryBuilder('membership')
      .innerJoinAndMapOne('membership.user', User, 'user', 'user.id = membership.user_id')
      .where('membership.account_id = :accountId', { accountId })
      .orderBy('user.email')
      .getMany();
    return rows.map((membership) => toMemberDto((membership as Membership & { user: User }).user, membership));
  }

  async add(caller: CallerContext, body: AddMemberDto): Promise<MemberDto> {
    await this.access.requireAdmin(caller, body.accountId);
    const email = body.email.trim().toLowerCase();
    const { user, membership, invited } = await this.dataSource.transaction(async (manager) => {
      let existing = await manager.findOneBy(User, { email });
      const isNew = !existing;
      // An invited user gets an unusable random password and a reset link to choose their own.
      existing ??= await manager.save(
        manager.create(User, {
          email,
          firstName: body.firstName ?? '',
          lastName: body.lastName ?? '',
          passwordHash: await hashPassword(randomToken()),
        }),
      );
      if (await manager.existsBy(Membership, { accountId: body.accountId, userId: existing.id })) {
        throw new ConflictException('This user already exists in the account.');
      }
      const created = await manager.save(
        manager.create(Membership, { accountId: body.accountId, userId: existing.id, role: body.role }),
      );
      return { user: existing, membership: created, invited: isNew };
    });
    if (invited) await this.passwordReset.sendInvitation(user);
    return toMemberDto(user, membership);
  }

  async changeRole(caller: CallerContext, userId: string, body: ChangeRoleDto): Promise<MemberDto> {
    await this.access.requireAdmin(caller, body.accountId);
    return this.dataSource.transaction(async (manager) => {
      const { membership, rows } = await this.lockedMembership(manager, body.accountId, userId);
      if (membership.role === 'Admin' && body.role !== 'Admin') assertAnotherAdmin(rows, userId);
      await manager.update(Membership, { accountId: body.accountId, userId }, { role: body.role });
      const user = await manager.findOneByOrFail(User, { id: userId });
      return toMemberDto(user, { ...membership, role: body.role });
    });
  }

  async remove(caller: CallerContext, accountId: string, userId: string): Promise<void> {
    await this.access.requireAdmin(caller, accountId);
    await this.dataSource.transaction(async (manager) => {
      const { membership, rows } = await this.lockedMembership(manager, accountId, userId);
      if (membership.role === 'Admin') assertAnotherAdmin(rows, userId);
      await manager.delete(Membership, { accountId, userId });
    });
  }

  /** Locks every membership row of the account, so two concurrent demotions cannot both pass the last-Admin check. */
  private async lockedMembership(
    manager: EntityManager,
    accountId: string,
    userId: string,
  ): Promise<{ membership: Membership; rows: Membership[] }> {
    const rows = await manager.find(Membership, { where: { accountId }, lock: { mode: 'pessimistic_write' } });
    const membership = rows.find((row) => row.userId === userId);
    if (!membership) throw new NotFoundException(MESSAGES.notFound('Member'));
    return { membership, rows };
  }
}

/** Taking Admin away from `userId` (demotion or removal) must leave another Admin among the locked rows. */
function assertAnotherAdmin(rows: Membership[], userId: string): void {
  if (!rows.some((row) => row.role === 'Admin' && row.userId !== userId)) {
    throw new ConflictException(IDENTITY_MESSAGES.lastAdmin);
  }
}
