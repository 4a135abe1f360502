import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AccountDto, IDENTITY_MESSAGES, MESSAGES, TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import type { CallerContext } from '@infra/platform';
import { Organization } from '../organizations/organization.entity';
import { UsersService } from '../users/users.service';
import { AccountAccess } from './account-access';
import { Account, Membership } from './account.entity';
import { CreateAccountDto, UpdateAccountDto } from './accounts.dto';
import { toAccountDto } from './identity.mapper';

@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: AccountAccess,
    private readonly users: UsersService,
    private readonly events: EventPublisher,
  ) {}

  /** `GET accounts[?authClientId=]`: the caller's accounts (all of them for a System Admin). */
  async list(caller: CallerContext, authClientId?: string): Promise<AccountDto[]> {
    const accounts = await this.users.accountsOf(caller);
    return authClientId ? accounts.filter((account) => account.authClientId === authClientId) : accounts;
  }

  async bySlug(caller: CallerContext, slug: string): Promise<AccountDto> {
    const account = (await this.users.accountsOf(caller)).find((candidate) => candidate.slug === slug);
    if (!account) throw new NotFoundException(MESSAGES.notFound('Account'));
    return account;
  }

  async create(caller: CallerContext, body: CreateAccountDto): Promise<AccountDto> {
    this.access.requireSystemAdmin(caller);
    const accounts = this.dataSource.getRepository(Account);
    if (await accounts.existsBy({ slug: body.slug }))
      throw new ConflictException(`An account with slug ${body.slug} already exists`);
    const account = await accounts.save(
      accounts.create({ name: body.name, slug: body.slug, timeZone: body.timeZone ?? 'UTC' }),
    );
    return toAccountDto(account, 'Admin', []);
  }

  /** Admins edit their account; a threshold change is published in the same transaction (outbox). */
  async update(caller: CallerContext, accountId: string, body: UpdateAccountDto): Promise<AccountDto> {
    await this.access.requireAdmin(caller, accountId);
    await this.dataSource.transaction(async (manager) => {
      const account = await manager.findOne(Account, { where: { id: accountId }, lock: { mode: 'pessimistic_write' } });
      if (!account) throw new NotFoundException(MESSAGES.notFound('Account'));
      const min = body.minWorkloadPercentThreshold ?? account.minWorkloadPercentThreshold;
      const max = body.maxWorkloadPercentThreshold ?? account.maxWorkloadPercentThreshold;
      if (min < 0 || max > 100 || min >= max) throw new BadRequestException(IDENTITY_MESSAGES.thresholdsRule);
      for (const contact of [body.ownerId, body.billingContactId, body.technicalContactId]) {
        if (contact && !(await manager.existsBy(Membership, { accountId, userId: contact }))) {
          throw new BadRequestException('Contacts must be members of the account');
        }
      }
      const thresholdsChanged =
        min !== account.minWorkloadPercentThreshold || max !== account.maxWorkloadPercentThreshold;
      await manager.update(Account, accountId, {
        ...body,
        minWorkloadPercentThreshold: min,
        maxWorkloadPercentThreshold: max,
      });
      if (thresholdsChanged) {
        await this.events.publish(manager, TOPICS.identityAccountThresholdsChanged, {
          accountId,
          organizationId: null,
          actorId: caller.userId,
          payload: { accountId, minWorkloadPercentThreshold: min, maxWorkloadPercentThreshold: max },
        });
      }
    });
    return this.byId(caller, accountId);
  }

  /** System Admins only: the account, its organizations and memberships go; each organization's removal is published. */
  async remove(caller: CallerContext, accountId: string): Promise<void> {
    this.access.requireSystemAdmin(caller);
    await this.dataSource.transaction(async (manager) => {
      const organizations = await manager.findBy(Organization, { accountId });
      const deleted = await manager.delete(Account, accountId);
      if (deleted.affected !== 1) throw new NotFoundException(MESSAGES.notFound('Account'));
      for (const organization of organizations) {
        await this.events.publish(manager, TOPICS.identityOrganizationChanged, {
          accountId,
          organizationId: organization.id,
          actorId: caller.userId,
          payload: { organizationId: organization.id, accountId, name: organization.name, deleted: true },
        });
      }
    });
  }

  private async byId(caller: CallerContext, accountId: string): Promise<AccountDto> {
    const account = (await this.users.accountsOf(caller)).find((candidate) => candidate.id === accountId);
    if (!account) throw new NotFoundException(MESSAGES.notFound('Account'));
    return account;
  }
}
