import { Injectable } from '@nestjs/common';
import {
  AcceptanceDataDto,
  AcceptanceStatusDto,
  CURRENT_PRIVACY_VERSION,
  CURRENT_TERMS_VERSION,
  CUSTOM_DATA_LIMITS,
  isUuid,
  ProfileDto,
  Role,
  UserDto,
  UserErrorCode,
} from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { AccountsRepository, AccountWithRole } from '../accounts/accounts.repository';
import { toAccountDto } from '../accounts/identity.mapper';
import { User } from './user.entity';
import { userError } from './users.errors';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  /** The whole user row (sign-in, MFA and password flows need its secrets). */
  async get(userId: string): Promise<User> {
    const user = await this.users.findEntity(userId);
    if (!user) throw userError(UserErrorCode.NotFound);
    return user;
  }

  /**
   * `GET users/profile`: the caller, their accounts with organizations, and the role in the selected account.
   * A System Admin gets their own accounts plus the selected one, never every account of the platform (this
   * sits behind every page load); `GET accounts` is their full listing.
   */
  async profile(caller: CallerContext, organizationId?: string, accountSlug?: string): Promise<ProfileDto> {
    const user = await this.users.details(caller.userId);
    if (!user) throw userError(UserErrorCode.NotFound);
    const memberships = await this.accounts.listMemberships(caller.userId);
    const byOrganization = organizationId && isUuid(organizationId) ? organizationId : undefined;
    let selected =
      byOrganization || accountSlug
        ? await (byOrganization
            ? this.accounts.findByOrganizationForCaller(caller, byOrganization)
            : this.accounts.findForCaller(caller, { slug: accountSlug ?? '' }))
        : undefined;
    const accounts: AccountWithRole[] = [...memberships];
    if (selected && !accounts.some(({ account }) => account.id === selected?.account.id)) accounts.push(selected);
    selected ??= accounts[0];
    const organizations = await this.accounts.organizationsOf(accounts.map(({ account }) => account.id));
    const role: Role = user.systemAdmin ? 'System Admin' : (selected?.role ?? 'User');
    return {
      ...user,
      role,
      accounts: accounts.map(({ account, role: accountRole }) => toAccountDto(account, accountRole, organizations)),
    };
  }

  /** Another user's details, visible only to people who share an account with them (else 404, as for no user). */
  async details(caller: CallerContext, userId: string): Promise<UserDto> {
    const user = await this.users.detailsVisibleTo(caller, userId);
    if (!user) throw userError(UserErrorCode.NotFound);
    return user;
  }

  async acceptanceStatus(userId: string): Promise<AcceptanceStatusDto> {
    const user = await this.users.acceptance(userId);
    if (!user) throw userError(UserErrorCode.NotFound);
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
      throw userError(UserErrorCode.TermsOutdated);
    }
    await this.users.accept(userId, termsVersion, privacyVersion);
    return this.acceptanceStatus(userId);
  }

  /**
   * Free-form per-user settings of the web app (e.g. UI preferences), merged key by key. Capped per call and in
   * total (serialized), so no one grows their row without bound.
   */
  async saveCustomData(userId: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (containsNul(data)) throw userError(UserErrorCode.CustomDataInvalid);
    if (Buffer.byteLength(JSON.stringify(data)) > CUSTOM_DATA_LIMITS.perCallBytes) {
      throw userError(UserErrorCode.CustomDataTooLarge);
    }
    const merged = await this.users.mergeCustomData(userId, data, CUSTOM_DATA_LIMITS.totalBytes);
    if (!merged) throw userError(UserErrorCode.CustomDataTooLarge);
    return merged;
  }
}

/** PostgreSQL's jsonb cannot hold U+0000 (it answered 500): refused in any key or string. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, nested]) => key.includes('\u0000') || containsNul(nested));
  return false;
}
