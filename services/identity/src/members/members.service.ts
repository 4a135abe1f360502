import { Injectable } from '@nestjs/common';
import { AccountErrorCode, MemberDto, MemberErrorCode } from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { AccessChanges } from '../access-changes/access-changes';
import { AccountAccess } from '../accounts/account-access';
import { Membership } from '../accounts/account.entity';
import { accountError } from '../accounts/accounts.errors';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { SecurityLog } from '../security-log/security-log';
import { ChangeRoleDto } from './members.dto';
import { memberError } from './members.errors';
import { MemberRow, MembersRepository } from './members.repository';

/** Members of an account: list (with pending invitations), change role, remove. Changes are for Admins. */
@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly invitations: InvitationsRepository,
    private readonly access: AccountAccess,
    private readonly accessChanges: AccessChanges,
    private readonly securityLog: SecurityLog,
  ) {}

  /**
   * Active members, then pending invitations: the email, the role and the name the Admin typed when adding them
   * (their words, not the user's: nothing about a user shows before they accept).
   */
  async list(caller: CallerContext, accountId: string): Promise<MemberDto[]> {
    await this.access.requireMember(caller, accountId);
    const [members, pending] = await Promise.all([
      this.members.list(accountId),
      this.invitations.pendingOfAccount(accountId),
    ]);
    return [
      ...members.map(toMemberDto),
      ...pending.map((invitation): MemberDto => ({
        userId: '',
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        role: invitation.role,
        mfaEnabled: false,
        status: 'pending',
        invitationId: invitation.id,
      })),
    ];
  }

  async changeRole(caller: CallerContext, userId: string, body: ChangeRoleDto): Promise<MemberDto> {
    await this.access.requireMember(caller, body.accountId);
    const changed = await this.members.transaction(async (manager) => {
      const rows = await this.members.lockAll(manager, body.accountId);
      const membership = targetOf(rows, userId);
      if (membership.role === 'Admin' && body.role !== 'Admin') assertAnotherAdmin(rows, userId);
      assertStillAdmin(rows, caller);
      await this.members.setRole(manager, body.accountId, userId, body.role);
      const member = await this.members.member(manager, body.accountId, userId);
      if (!member) throw memberError(MemberErrorCode.NotFound);
      if (membership.role !== body.role)
        await this.securityLog.record(
          { accountId: body.accountId },
          {
            kind: 'role-changed',
            actorUserId: caller.userId,
            subject: member.email,
            detail: { from: membership.role, to: body.role },
          },
          manager,
        );
      return toMemberDto(member);
    });
    await this.accessChanges.published({ userIds: [userId] });
    return changed;
  }

  async remove(caller: CallerContext, accountId: string, userId: string): Promise<void> {
    await this.access.requireMember(caller, accountId);
    await this.members.transaction(async (manager) => {
      const rows = await this.members.lockAll(manager, accountId);
      const membership = targetOf(rows, userId);
      if (membership.role === 'Admin') assertAnotherAdmin(rows, userId);
      assertStillAdmin(rows, caller);
      const member = await this.members.member(manager, accountId, userId);
      await this.members.delete(manager, accountId, userId);
      await this.securityLog.record(
        { accountId },
        { kind: 'member-removed', actorUserId: caller.userId, subject: member?.email ?? userId },
        manager,
      );
    });
    // The member's keys stop too: a key acts for its creator, who left.
    await this.accessChanges.published({ userIds: [userId] });
  }
}

function toMemberDto(row: MemberRow): MemberDto {
  return { ...row, status: 'active' };
}

function targetOf(rows: Membership[], userId: string): Membership {
  const membership = rows.find((row) => row.userId === userId);
  if (!membership) throw memberError(MemberErrorCode.NotFound);
  return membership;
}

/**
 * The caller's Admin role, checked under the lock (after the last-Admin rule): of two Admins demoting each other
 * at once, the second sees the first change and gets 409, and an Admin demoted meanwhile changes no one.
 */
function assertStillAdmin(rows: Membership[], caller: CallerContext): void {
  if (!caller.systemAdmin && !rows.some((row) => row.userId === caller.userId && row.role === 'Admin')) {
    throw accountError(AccountErrorCode.AdminOnly);
  }
}

/** Taking Admin away from `userId` (demotion or removal) must leave another Admin among the locked rows. */
function assertAnotherAdmin(rows: Membership[], userId: string): void {
  if (!rows.some((row) => row.role === 'Admin' && row.userId !== userId)) {
    throw memberError(MemberErrorCode.LastAdmin);
  }
}
