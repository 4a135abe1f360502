import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MESSAGES } from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { AccountRoleName, Membership } from './account.entity';

/**
 * Account-level permissions. Someone outside an account gets 404 (its existence is not revealed);
 * a member without the needed role gets 403. System Admins have Admin rights everywhere.
 */
@Injectable()
export class AccountAccess {
  constructor(@InjectRepository(Membership) private readonly memberships: Repository<Membership>) {}

  async roleIn(caller: CallerContext, accountId: string): Promise<AccountRoleName | null> {
    if (caller.systemAdmin) return 'Admin';
    const membership = await this.memberships.findOneBy({ accountId, userId: caller.userId });
    return membership?.role ?? null;
  }

  async requireMember(caller: CallerContext, accountId: string): Promise<AccountRoleName> {
    const role = await this.roleIn(caller, accountId);
    if (!role) throw new NotFoundException(MESSAGES.notFound('Account'));
    return role;
  }

  async requireAdmin(caller: CallerContext, accountId: string): Promise<void> {
    const role = await this.requireMember(caller, accountId);
    if (role !== 'Admin') throw new ForbiddenException('Only an account Admin can do this');
  }

  requireSystemAdmin(caller: CallerContext): void {
    if (!caller.systemAdmin) throw new ForbiddenException('Only a System Admin can do this');
  }
}
