import { Injectable } from '@nestjs/common';
import { type CallerContext, enterAccount } from '@infra/platform';
import { AccountErrorCode } from '@infra/contracts';
import { MembersRepository } from '../members/members.repository';
import { AccountRoleName } from './account.entity';
import { accountError } from './accounts.errors';

/**
 * Account-level permissions, for the routes whose access policy is `account-admin` (the role depends on the account
 * the request names). Someone outside an account gets 404 (its existence is not revealed); a member without the
 * needed role gets 403. System Admins have Admin rights everywhere.
 */
@Injectable()
export class AccountAccess {
  constructor(private readonly members: MembersRepository) {}

  async roleIn(caller: CallerContext, accountId: string): Promise<AccountRoleName | null> {
    // Admin rights everywhere, in accounts that exist: an invitation into an unknown account answered 500.
    if (caller.systemAdmin) return (await this.members.accountExists(accountId)) ? 'Admin' : null;
    return this.members.roleOf(accountId, caller.userId);
  }

  async requireMember(caller: CallerContext, accountId: string): Promise<AccountRoleName> {
    const role = await this.roleIn(caller, accountId);
    if (!role) throw accountError(AccountErrorCode.NotFound);
    // The rest of the request may see this account's rows (the wall shows the selected one and the user's own).
    enterAccount(accountId);
    return role;
  }

  async requireAdmin(caller: CallerContext, accountId: string): Promise<void> {
    const role = await this.requireMember(caller, accountId);
    if (role !== 'Admin') throw accountError(AccountErrorCode.AdminOnly);
  }
}
