import { Injectable } from '@nestjs/common';
import { InjectJobQueue, JobQueue } from '@infra/jobs';
import {
  InvitationAcceptedDto,
  InvitationSentDto,
  MemberErrorCode,
  PendingInvitationDto,
  UserErrorCode,
} from '@infra/contracts';
import { acrossTenants, type CallerContext } from '@infra/platform';
import { AccessChanges } from '../access-changes/access-changes';
import { AccountAccess } from '../accounts/account-access';
import { hashPassword, randomToken, sha256 } from '../crypto/crypto';
import { memberError } from '../members/members.errors';
import { MembersRepository } from '../members/members.repository';
import { IDENTITY_QUEUE, IdentityJobs } from '../password-reset/password-reset.jobs';
import { PasswordResetService } from '../password-reset/password-reset.service';
import { userError } from '../users/users.errors';
import { UsersRepository } from '../users/users.repository';
import { InviteMemberDto } from './invitations.dto';
import { SecurityLog } from '../security-log/security-log';
import { InvitationKey, InvitationsRepository } from './invitations.repository';

const INVITATION_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/**
 * Adding a member by email creates a pending invitation; the invited user accepts it signed in (from the mailed
 * link or their list). Before that, nothing about them is shown, and the answer is the same whether or not the
 * email belongs to a user: no pulling another tenant's user in, no registration oracle.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly members: MembersRepository,
    private readonly users: UsersRepository,
    private readonly access: AccountAccess,
    private readonly passwordReset: PasswordResetService,
    @InjectJobQueue(IDENTITY_QUEUE) private readonly jobs: JobQueue<IdentityJobs>,
    private readonly accessChanges: AccessChanges,
    private readonly securityLog: SecurityLog,
  ) {}

  async invite(caller: CallerContext, body: InviteMemberDto): Promise<InvitationSentDto> {
    await this.access.requireAdmin(caller, body.accountId);
    const email = body.email.trim().toLowerCase();
    // The Admin sees the members list anyway: saying this one is already there reveals nothing new.
    if (await this.members.isMemberByEmail(body.accountId, email)) throw memberError(MemberErrorCode.AlreadyMember);
    const token = randomToken();
    // Hashed whether or not it is needed, so a new email takes as long as a registered one.
    const passwordHash = await hashPassword(randomToken());
    const newUser = await this.invitations.transaction(async (manager) => {
      await this.invitations.upsertOpen(manager, {
        accountId: body.accountId,
        email,
        role: body.role,
        tokenHash: sha256(token),
        invitedBy: caller.userId,
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
        firstName: body.firstName?.trim() ?? '',
        lastName: body.lastName?.trim() ?? '',
      });
      await this.securityLog.record(
        { accountId: body.accountId },
        { kind: 'member-invited', actorUserId: caller.userId, subject: email, detail: { role: body.role } },
        manager,
      );
      // A new email gets a user with an unusable password; the set-password link makes it theirs.
      return this.users.insertIfAbsent(manager, {
        email,
        firstName: body.firstName ?? '',
        lastName: body.lastName ?? '',
        passwordHash,
      });
    });
    // One queued mail job either way: the answer does not wait on (or vary with) which mail goes out.
    if (newUser) await this.passwordReset.sendInvitation(newUser);
    else await this.jobs.add('send-account-invitation', { email, token });
    return { email, role: body.role, status: 'pending' };
  }

  async pendingOf(caller: CallerContext): Promise<PendingInvitationDto[]> {
    const email = await this.emailOf(caller);
    const rows = await acrossTenants('invitee', () => this.invitations.pendingForEmail(email));
    return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }));
  }

  async accept(caller: CallerContext, key: { id: string } | { token: string }): Promise<InvitationAcceptedDto> {
    const invitationKey: InvitationKey = 'id' in key ? { id: key.id } : { tokenHash: sha256(key.token) };
    const email = await this.emailOf(caller);
    // Addressed to the caller's email from an account they are not in yet: they join it.
    const accepted = await acrossTenants('invitee', () =>
      this.invitations.transaction(async (manager) => {
        const answered = await this.invitations.answer(manager, invitationKey, email, 'accepted');
        if (!answered) throw memberError(MemberErrorCode.InvitationNotFound);
        const accountSlug = await this.invitations.addMember(manager, answered.accountId, caller.userId, answered.role);
        await this.securityLog.record(
          { accountId: answered.accountId },
          { kind: 'member-joined', actorUserId: caller.userId, detail: { role: answered.role } },
          manager,
        );
        return { accountId: answered.accountId, accountSlug, role: answered.role };
      }),
    );
    // The gateway may have cached "no membership" while the invitation was pending: the new member gets in now.
    await this.accessChanges.published({ userIds: [caller.userId] });
    return accepted;
  }

  async decline(caller: CallerContext, id: string): Promise<void> {
    const email = await this.emailOf(caller);
    await acrossTenants('invitee', () =>
      this.invitations.transaction(async (manager) => {
        const answered = await this.invitations.answer(manager, { id }, email, 'declined');
        if (!answered) throw memberError(MemberErrorCode.InvitationNotFound);
      }),
    );
  }

  /** An invitation is addressed to an email: the caller's (from their row, not from the token). */
  private async emailOf(caller: CallerContext): Promise<string> {
    const email = await this.users.emailOf(caller.userId);
    if (!email) throw userError(UserErrorCode.NotFound);
    return email;
  }
}
