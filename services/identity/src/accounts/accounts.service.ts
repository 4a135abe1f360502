import { Injectable, Logger } from '@nestjs/common';
import { AccountDto, AccountErrorCode, TOPICS } from '@infra/contracts';
import { EventPublisher, purgeOrganization } from '@infra/messaging';
import type { CallerContext } from '@infra/platform';
import { AccessChanges } from '../access-changes/access-changes';
import { organizationChanged } from '../organizations/organization-changed';
import { AccountAccess } from './account-access';
import { ACCOUNT_SLUG, CreateAccountDto, UpdateAccountDto } from './accounts.dto';
import { accountError } from './accounts.errors';
import { AccountsRepository, AccountWithRole } from './accounts.repository';
import { toAccountDto } from './identity.mapper';

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly access: AccountAccess,
    private readonly events: EventPublisher,
    private readonly accessChanges: AccessChanges,
  ) {}

  /** `GET accounts[?authClientId=]`: the caller's accounts (all of them for a System Admin). */
  async list(caller: CallerContext, authClientId?: string): Promise<AccountDto[]> {
    return this.withOrganizations(await this.accounts.listForCaller(caller, authClientId));
  }

  async bySlug(caller: CallerContext, slug: string): Promise<AccountDto> {
    const found = ACCOUNT_SLUG.test(slug) ? await this.accounts.findForCaller(caller, { slug }) : undefined;
    if (!found) throw accountError(AccountErrorCode.NotFound);
    return (await this.withOrganizations([found]))[0];
  }

  /** System Admins only (the route's access policy). */
  async create(body: CreateAccountDto): Promise<AccountDto> {
    if (await this.accounts.slugExists(body.slug)) throw accountError(AccountErrorCode.SlugTaken);
    const account = await this.accounts.insert({
      name: body.name,
      slug: body.slug,
      timeZone: body.timeZone ?? 'UTC',
      ...(body.plan !== undefined ? { plan: body.plan } : {}),
      ...(body.assetLimit !== undefined ? { assetLimit: body.assetLimit } : {}),
    });
    return toAccountDto(account, 'Admin', []);
  }

  /**
   * Admins edit their account, System Admins its plan too; a threshold change is published in the same transaction
   * (outbox), and a new asset limit with each of the account's organizations (inventory enforces it).
   */
  async update(caller: CallerContext, accountId: string, body: UpdateAccountDto): Promise<AccountDto> {
    await this.access.requireAdmin(caller, accountId);
    if ((body.plan !== undefined || body.assetLimit !== undefined) && !caller.systemAdmin)
      throw accountError(AccountErrorCode.SystemAdminOnly);
    await this.accounts.transaction(async (manager) => {
      const account = await this.accounts.lock(manager, accountId);
      if (!account) throw accountError(AccountErrorCode.NotFound);
      const min = body.minWorkloadPercentThreshold ?? account.minWorkloadPercentThreshold;
      const max = body.maxWorkloadPercentThreshold ?? account.maxWorkloadPercentThreshold;
      if (min < 0 || max > 100 || min >= max) throw accountError(AccountErrorCode.ThresholdsRule);
      const contacts = [...new Set([body.ownerId, body.billingContactId, body.technicalContactId])].filter(
        (contact): contact is string => contact !== undefined,
      );
      if (contacts.length > 0 && (await this.accounts.countMembers(manager, accountId, contacts)) !== contacts.length) {
        throw accountError(AccountErrorCode.ContactNotMember);
      }
      await this.accounts.update(manager, accountId, {
        ...body,
        minWorkloadPercentThreshold: min,
        maxWorkloadPercentThreshold: max,
      });
      if (min !== account.minWorkloadPercentThreshold || max !== account.maxWorkloadPercentThreshold) {
        await this.events.publish(manager, TOPICS.identityAccountThresholdsChanged, {
          accountId,
          organizationId: null,
          actorId: caller.userId,
          payload: { accountId, minWorkloadPercentThreshold: min, maxWorkloadPercentThreshold: max },
        });
      }
      if (body.assetLimit !== undefined && body.assetLimit !== account.assetLimit) {
        for (const organization of await this.accounts.organizationsIn(manager, accountId))
          await this.events.publish(
            manager,
            TOPICS.identityOrganizationChanged,
            organizationChanged({ ...organization, accountId }, caller.userId, { assetLimit: body.assetLimit }),
          );
      }
    });
    const updated = await this.accounts.findForCaller(caller, { id: accountId });
    if (!updated) throw accountError(AccountErrorCode.NotFound);
    return (await this.withOrganizations([updated]))[0];
  }

  /**
   * Offboarding (System Admins only, the route's access policy), confirmed by the account's exact name: the account,
   * its organizations, memberships, invitations and keys go, and its members who belong to no other account; each
   * organization's removal is published, and every service purges that organization's data when it consumes it.
   */
  async remove(caller: CallerContext, accountId: string, confirmedName?: string): Promise<void> {
    const members = await this.accounts.transaction(async (manager) => {
      const account = await this.accounts.lock(manager, accountId);
      if (!account) throw accountError(AccountErrorCode.NotFound);
      if (confirmedName !== account.name) throw accountError(AccountErrorCode.NameNotConfirmed);
      const organizations = await this.accounts.organizationsIn(manager, accountId);
      const memberIds = await this.accounts.memberIds(manager, accountId);
      for (const organization of organizations) await purgeOrganization(manager, organization.id);
      await this.accounts.delete(manager, accountId);
      await this.accounts.deleteUsersWithoutAccount(manager, memberIds);
      for (const organization of organizations)
        await this.events.publish(
          manager,
          TOPICS.identityOrganizationChanged,
          organizationChanged({ ...organization, accountId }, caller.userId, { deleted: true }),
        );
      return memberIds;
    });
    new Logger(AccountsService.name).log({ accountId, actorId: caller.userId }, 'account deleted (offboarding)');
    await this.accessChanges.published({ accountIds: [accountId], userIds: members });
  }

  private async withOrganizations(accounts: AccountWithRole[]): Promise<AccountDto[]> {
    const organizations = await this.accounts.organizationsOf(accounts.map(({ account }) => account.id));
    return accounts.map(({ account, role }) => toAccountDto(account, role, organizations));
  }
}
