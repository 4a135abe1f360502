import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  AcceptanceDataDto,
  AcceptanceStatusDto,
  AccountDto,
  CURRENT_PRIVACY_VERSION,
  CURRENT_TERMS_VERSION,
  MESSAGES,
  ProfileDto,
  Role,
  UserDto,
} from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { Account, Membership } from '../accounts/account.entity';
import { toAccountDto, toUserDto } from '../accounts/identity.mapper';
import { Organization } from '../organizations/organization.entity';
import { User } from './user.entity';

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
  ) {}

  async get(userId: string): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException(MESSAGES.notFound('User'));
    return user;
  }

  /**
   * Every account the caller may work in, each with its organizations and the caller's role there.
   * Three independent queries run in parallel (this sits behind every profile load).
   */
  async accountsOf(caller: CallerContext): Promise<AccountDto[]> {
    const userId = caller.userId;
    const [accounts, organizations, memberships] = await Promise.all([
      caller.systemAdmin
        ? this.accounts.find({ order: { name: 'ASC' } })
        : this.accounts
            .createQueryBuilder('account')
            .innerJoin(
              Membership,
              'membership',
              'membership.account_id = account.id AND membership.user_id = :userId',
              { userId },
            )
            .orderBy('account.name')
            .getMany(),
      caller.systemAdmin
        ? this.organizations.find()
        : this.organizations
            .createQueryBuilder('organization')
            .where('organization.account_id IN (SELECT account_id FROM memberships WHERE user_id = :userId)', {
              userId,
            })
            .getMany(),
      caller.systemAdmin ? Promise.resolve([]) : this.memberships.findBy({ userId }),
    ]);
    const roles = new Map(memberships.map((membership) => [membership.accountId, membership.role]));
    return accounts.map((account) =>
      toAccountDto(account, caller.systemAdmin ? 'Admin' : (roles.get(account.id) ?? 'User'), organizations),
    );
  }

  /** `GET users/profile`: the caller, every account with its organizations, and the role in the selected account. */
  async profile(caller: CallerContext, organizationId?: string, accountSlug?: string): Promise<ProfileDto> {
    const [user, accounts] = await Promise.all([this.get(caller.userId), this.accountsOf(caller)]);
    const selected =
      accounts.find((account) => account.organization.some((organization) => organization.id === organizationId)) ??
      accounts.find((account) => account.slug === accountSlug) ??
      accounts[0];
    const role: Role = user.systemAdmin ? 'System Admin' : (selected?.role ?? 'User');
    return { ...toUserDto(user), role, accounts };
  }

  /** Another user's details, visible only to people who share an account with them (else 404). */
  async details(caller: CallerContext, userId: string): Promise<UserDto> {
    if (userId !== caller.userId && !caller.systemAdmin) {
      const shared = await this.memberships
        .createQueryBuilder('theirs')
        .innerJoin(Membership, 'mine', 'mine.account_id = theirs.account_id AND mine.user_id = :me', {
          me: caller.userId,
        })
        .where('theirs.user_id = :userId', { userId })
        .getExists();
      if (!shared) throw new NotFoundException(MESSAGES.notFound('User'));
    }
    return toUserDto(await this.get(userId));
  }

  async acceptanceStatus(userId: string): Promise<AcceptanceStatusDto> {
    const user = await this.get(userId);
    return {
      accepted:
        user.acceptedTermsVersion === CURRENT_TERMS_VERSION && user.acceptedPrivacyVersion === CURRENT_PRIVACY_VERSION,
      termsVersion: CURRENT_TERMS_VERSION,
      privacyVersion: CURRENT_PRIVACY_VERSION,
      acceptedAt: user.acceptedAt?.toISOString() ?? null,
    };
  }

  acceptanceData(): AcceptanceDataDto {
    return {
      termsVersion: CURRENT_TERMS_VERSION,
      privacyVersion: CURRENT_PRIVACY_VERSION,
      termsUrl: '/legal/terms-of-service.html',
      privacyUrl: '/legal/privacy-policy.html',
    };
  }

  async accept(userId: string, termsVersion: string, privacyVersion: string): Promise<AcceptanceStatusDto> {
    if (termsVersion !== CURRENT_TERMS_VERSION || privacyVersion !== CURRENT_PRIVACY_VERSION) {
      throw new NotFoundException(
        'These terms are no longer current. Reload the page and accept the current versions.',
      );
    }
    await this.users.update(userId, {
      acceptedTermsVersion: termsVersion,
      acceptedPrivacyVersion: privacyVersion,
      acceptedAt: new Date(),
    });
    return this.acceptanceStatus(userId);
  }

  /** Free-form per-user settings of the web app (e.g. UI preferences), merged key by key. */
  async saveCustomData(userId: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const user = await this.get(userId);
    const customData = { ...user.customData, ...data };
    await this.users.save({ id: userId, customData });
    return customData;
  }
}
