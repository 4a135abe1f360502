import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MESSAGES, OrganizationDto as OrganizationView, TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import type { CallerContext } from '@infra/platform';
import { AccountAccess } from '../accounts/account-access';
import { Account } from '../accounts/account.entity';
import { CreateOrganizationDto, OrganizationDto } from '../accounts/accounts.dto';
import { toOrganizationDto } from '../accounts/identity.mapper';
import { UsersService } from '../users/users.service';
import { Organization } from './organization.entity';

@Injectable()
export class OrganizationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: AccountAccess,
    private readonly users: UsersService,
    private readonly events: EventPublisher,
  ) {}

  /** `GET organizations[?accountSlug=]`: organizations of the caller's accounts (one account when a slug is given). */
  async list(caller: CallerContext, accountSlug?: string): Promise<OrganizationView[]> {
    const accounts = await this.users.accountsOf(caller);
    if (accountSlug && !accounts.some((account) => account.slug === accountSlug))
      throw new NotFoundException(MESSAGES.notFound('Account'));
    return accounts
      .filter((account) => !accountSlug || account.slug === accountSlug)
      .flatMap((account) => account.organization);
  }

  async create(caller: CallerContext, body: CreateOrganizationDto): Promise<OrganizationView> {
    await this.access.requireAdmin(caller, body.accountId);
    return this.dataSource.transaction(async (manager) => {
      const account = await manager.findOneByOrFail(Account, { id: body.accountId });
      if (await manager.existsBy(Organization, { accountId: body.accountId, name: body.name })) {
        throw new ConflictException(`An organization named ${body.name} already exists in this account`);
      }
      const organization = await manager.save(manager.create(Organization, body));
      await this.publish(manager, caller, organization);
      return toOrganizationDto(organization, account.name);
    });
  }

  async update(caller: CallerContext, organizationId: string, body: OrganizationDto): Promise<OrganizationView> {
    const existing = await this.dataSource.getRepository(Organization).findOneBy({ id: organizationId });
    if (!existing) throw new NotFoundException(MESSAGES.notFound('Organization'));
    await this.access.requireAdmin(caller, existing.accountId);
    return this.dataSource.transaction(async (manager) => {
      await manager.update(Organization, organizationId, body);
      const organization = await manager.findOneByOrFail(Organization, { id: organizationId });
      const account = await manager.findOneByOrFail(Account, { id: organization.accountId });
      await this.publish(manager, caller, organization);
      return toOrganizationDto(organization, account.name);
    });
  }

  private publish(manager: EntityManager, caller: CallerContext, organization: Organization) {
    return this.events.publish(manager, TOPICS.identityOrganizationChanged, {
      accountId: organization.accountId,
      organizationId: organization.id,
      actorId: caller.userId,
      payload: {
        organizationId: organization.id,
        accountId: organization.accountId,
        name: organization.name,
        deleted: false,
      },
    });
  }
}
