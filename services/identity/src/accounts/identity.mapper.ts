import type { AccountDto, AccountRole, OrganizationDto, UserDto } from '@infra/contracts';
import type { User } from '../users/user.entity';
import type { Organization } from '../organizations/organization.entity';
import type { Account } from './account.entity';

/** Entity → API shapes. Every optional field becomes an empty string, as the web client expects. */
export function toOrganizationDto(organization: Organization, accountName: string): OrganizationDto {
  return {
    id: organization.id,
    name: organization.name,
    accountId: organization.accountId,
    ownerId: organization.ownerId ?? '',
    billingContactId: organization.billingContactId ?? '',
    technicalContactId: organization.technicalContactId ?? '',
    addressLineOne: organization.addressLineOne,
    addressLineTwo: organization.addressLineTwo,
    city: organization.city,
    state: organization.state,
    zipCode: organization.zipCode,
    country: organization.country,
    website: organization.website,
    account: accountName,
  };
}

export function toAccountDto(account: Account, role: AccountRole, organizations: Organization[]): AccountDto {
  return {
    id: account.id,
    name: account.name,
    slug: account.slug,
    bucket: account.bucket,
    authClientId: account.authClientId,
    awsCrossAccountRoleArn: account.awsCrossAccountRoleArn,
    ownerId: account.ownerId ?? '',
    billingContactId: account.billingContactId ?? '',
    technicalContactId: account.technicalContactId ?? '',
    timeZone: account.timeZone,
    minWorkloadPercentThreshold: account.minWorkloadPercentThreshold,
    maxWorkloadPercentThreshold: account.maxWorkloadPercentThreshold,
    plan: account.plan,
    assetLimit: account.assetLimit,
    role,
    organization: organizations
      .filter((organization) => organization.accountId === account.id)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((organization) => toOrganizationDto(organization, account.name)),
  };
}

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    mobileNumber: user.mobileNumber,
    workNumber: user.workNumber,
    company: user.company,
    website: user.website,
    addressLineOne: user.addressLineOne,
    addressLineTwo: user.addressLineTwo,
    city: user.city,
    country: user.country,
    zipCode: user.zipCode,
    timeZone: user.timeZone,
    systemAdmin: user.systemAdmin,
    mfaEnabled: user.mfaSecret !== null,
  };
}
