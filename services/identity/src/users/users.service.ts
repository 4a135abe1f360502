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

/** Rows as JSON from Postgres have snake_case keys; entities use camelCase (column `owner_id` → `ownerId`). */
function camelCaseKeys<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  ) as T;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
  ) {}

  async get(userId: string): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException(MESSAGES.notFound('User'));
    return user;
  }

  /** Every account the caller may work in, each with its organizations and the caller's role there. */
  async accountsOf(caller: CallerContext): Promise<AccountDto[]> {
    return (await this.tenancyOf(caller)).accounts;
  }

  /** `GET users/profile`: the caller, every account with its organizations, and the role in the selected account. */
  async profile(caller: CallerContext, organizationId?: string, accountSlug?: string): Promise<ProfileDto> {
    const { user, accounts } = await this.tenancyOf(caller);
    if (!user) throw new NotFoundException(MESSAGES.notFound('User'));
    const selected =
      accounts.find((account) => account.organization.some((organization) => organization.id === organizationId)) ??
      accounts.find((account) => account.slug === accountSlug) ??
      accounts[0];
    const role: Role = user.systemAdmin ? 'System Admin' : (selected?.role ?? 'User');
    return { ...toUserDto(user), role, accounts };
  }

  /**
   * The caller, their accounts (all of them for a System Admin) with the caller's role, and those accounts'
   * organizations, in ONE round trip: this sits behind every page load, and each query costs syscalls.
   */
  private async tenancyOf(caller: CallerContext): Promise<{ user: User | undefined; accounts: AccountDto[] }> {
    const [row] = (await this.users.query(
      `SELECT
         (SELECT to_jsonb(u) FROM users u WHERE u.id = $1) AS "user",
         COALESCE((SELECT jsonb_agg(to_jsonb(a) || jsonb_build_object('caller_role', CASE WHEN $2 THEN 'Admin' ELSE m.role END) ORDER BY a.name)
                     FROM accounts a LEFT JOIN memberships m ON m.account_id = a.id AND m.user_id = $1
                    WHERE $2 OR m.user_id IS NOT NULL), '[]'::jsonb) AS accounts,
         COALESCE((SELECT jsonb_agg(to_jsonb(o)) FROM organizations o
                    WHERE $2 OR o.account_id IN (SELECT account_id FROM memberships WHERE user_id = $1)), '[]'::jsonb) AS organizations`,
      [caller.userId, caller.systemAdmin],
    )) as {
      user: Record<string, unknown> | null;
      accounts: Record<string, unknown>[];
      organizations: Record<string, unknown>[];
    }[];
    const organizations = row.organizations.map((organization) => camelCaseKeys<Organization>(organization));
    const accounts = row.accounts.map((raw) => {
      const { callerRole, ...account } = camelCaseKeys<Account & { callerRole: Membership['role'] }>(raw);
      return toAccountDto(account as Account, callerRole, organizations);
    });
    return { user: row.user ? camelCaseKeys<User>(row.user) : undefined, accounts };
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
