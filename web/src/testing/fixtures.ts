import type { AccountDto, MemberDto, OrganizationDto, ProfileDto } from '@infra/contracts';
import { EMPTY_ORGANIZATION, type Account } from '../features/selection/types';

/** Complete contract objects for tests: the defaults of a plain record, with the given fields. */
export function organizationFixture(overrides: Partial<OrganizationDto> = {}): OrganizationDto {
  return {
    ...EMPTY_ORGANIZATION,
    id: 'o1',
    name: 'Organization',
    accountId: 'a1',
    ...overrides,
  };
}

export function accountFixture(overrides: Partial<AccountDto> = {}): AccountDto {
  return {
    id: 'a1',
    name: 'Account',
    slug: 'account',
    bucket: '',
    authClientId: '',
    awsCrossAccountRoleArn: '',
    ownerId: '',
    billingContactId: '',
    technicalContactId: '',
    timeZone: 'UTC',
    minWorkloadPercentThreshold: 40,
    maxWorkloadPercentThreshold: 60,
    plan: 'Standard',
    assetLimit: 100,
    role: 'Admin',
    organization: [],
    ...overrides,
  };
}

export function profileFixture(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: 'u1',
    email: 'ada@example.com',
    firstName: '',
    lastName: '',
    mobileNumber: '',
    workNumber: '',
    company: '',
    website: '',
    addressLineOne: '',
    addressLineTwo: '',
    city: '',
    country: '',
    zipCode: '',
    timeZone: '',
    systemAdmin: false,
    mfaEnabled: false,
    role: 'User',
    accounts: [],
    ...overrides,
  };
}

export function memberFixture(overrides: Partial<MemberDto> = {}): MemberDto {
  return {
    userId: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'User',
    mfaEnabled: false,
    ...overrides,
  };
}

/**
 * Accounts as the profile lists them for the selection tests: Acme with Prod (o1) and Dev (o2), Beta with
 * Main (o3). Fresh objects on each call.
 */
export function acmeAccountFixture(): Account {
  return {
    id: 'a1',
    name: 'Acme',
    slug: 'acme',
    organization: [
      { id: 'o1', name: 'Prod' },
      { id: 'o2', name: 'Dev' },
    ],
  };
}

export function betaAccountFixture(): Account {
  return { id: 'a2', name: 'Beta', slug: 'beta', organization: [{ id: 'o3', name: 'Main' }] };
}

/** What `useCurrentAccount` answers for a member of account a1 ("Demo Account") with this role. */
export function currentAccountFixture(role: 'Admin' | 'User') {
  const account = accountFixture({ id: 'a1', name: 'Demo Account', role });
  return {
    profile: profileFixture({ role, accounts: [account] }),
    account,
    canManage: role === 'Admin',
    isLoading: false,
  };
}
