import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountErrorCode, OrganizationDto as OrganizationView, OrganizationErrorCode, TOPICS } from '@infra/contracts';
import { EventPublisher, purgeOrganization } from '@infra/messaging';
import type { CallerContext } from '@infra/platform';
import { AccessChanges } from '../access-changes/access-changes';
import { AccountAccess } from '../accounts/account-access';
import { accountError } from '../accounts/accounts.errors';
import { AccountsRepository } from '../accounts/accounts.repository';
import { toOrganizationDto } from '../accounts/identity.mapper';
import { SecurityLog } from '../security-log/security-log';
import { organizationChanged } from './organization-changed';
import { Organization } from './organization.entity';
import { CreateOrganizationDto, OrganizationDto } from './organizations.dto';
import { organizationError } from './organizations.errors';
import { isDuplicateName, OrganizationsRepository } from './organizations.repository';

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly accounts: AccountsRepository,
    private readonly access: AccountAccess,
    private readonly events: EventPublisher,
    private readonly accessChanges: AccessChanges,
    private readonly securityLog: SecurityLog,
  ) {}

  /** `GET organizations[?accountSlug=]`: organizations of the caller's accounts (one account when a slug is given). */
  async list(caller: CallerContext, accountSlug?: string): Promise<OrganizationView[]> {
    if (accountSlug === undefined) {
      return (await this.organizations.listOfMember(caller.userId)).map(({ organization, accountName }) =>
        toOrganizationDto(organization, accountName),
      );
    }
    const account = await this.accounts.findForCaller(caller, { slug: accountSlug });
    if (!account) throw accountError(AccountErrorCode.NotFound);
    return (await this.organizations.listOfAccount(account.account.id)).map((organization) =>
      toOrganizationDto(organization, account.account.name),
    );
  }

  async create(caller: CallerContext, body: CreateOrganizationDto): Promise<OrganizationView> {
    await this.access.requireAdmin(caller, body.accountId);
    return this.saving(() =>
      this.organizations.transaction(async (manager) => {
        const account = await this.organizations.accountOf(manager, body.accountId);
        if (!account) throw accountError(AccountErrorCode.NotFound);
        const organization = await this.organizations.insert(manager, body);
        await this.publish(manager, caller, organization, account.assetLimit);
        return toOrganizationDto(organization, account.name);
      }),
    );
  }

  /** Another tenant's organization and a random id get the same 404 (no existence oracle); a User gets 403. */
  async update(caller: CallerContext, organizationId: string, body: OrganizationDto): Promise<OrganizationView> {
    const found = await this.organizations.findForCaller(caller, organizationId);
    if (!found) throw organizationError(OrganizationErrorCode.NotFound);
    if (found.role !== 'Admin') throw accountError(AccountErrorCode.AdminOnly);
    const { accountId } = found.organization;
    return this.saving(() =>
      this.organizations.transaction(async (manager) => {
        const organization = await this.organizations.update(manager, accountId, organizationId, body);
        const account = await this.organizations.accountOf(manager, accountId);
        await this.publish(manager, caller, organization, account?.assetLimit);
        return toOrganizationDto(organization, found.accountName);
      }),
    );
  }

  /**
   * Offboarding (System Admins only, the route's access policy), confirmed by the organization's exact name: it goes
   * with its keys here, and every service purges its data when it consumes the published deletion.
   */
  async remove(caller: CallerContext, organizationId: string, confirmedName?: string): Promise<void> {
    await this.organizations.transaction(async (manager) => {
      const organization = await this.organizations.lock(manager, organizationId);
      if (!organization) throw organizationError(OrganizationErrorCode.NotFound);
      if (confirmedName !== organization.name) throw organizationError(OrganizationErrorCode.NameNotConfirmed);
      await purgeOrganization(manager, organizationId);
      await this.organizations.delete(manager, organizationId);
      await this.securityLog.record(
        { accountId: organization.accountId },
        { kind: 'organization-deleted', actorUserId: caller.userId, subject: organization.name },
        manager,
      );
      await this.events.publish(
        manager,
        TOPICS.identityOrganizationChanged,
        organizationChanged(organization, caller.userId, { deleted: true }),
      );
    });
    new Logger(OrganizationsService.name).log({ organizationId, actorId: caller.userId }, 'organization deleted');
    await this.accessChanges.published({ organizationIds: [organizationId] });
  }

  /** A name already used in the account (the unique constraint decides, so concurrent saves cannot both win). */
  private async saving<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isDuplicateName(error)) throw organizationError(OrganizationErrorCode.NameTaken);
      throw error;
    }
  }

  private publish(manager: EntityManager, caller: CallerContext, organization: Organization, assetLimit?: number) {
    return this.events.publish(
      manager,
      TOPICS.identityOrganizationChanged,
      organizationChanged(organization, caller.userId, { assetLimit }),
    );
  }
}
