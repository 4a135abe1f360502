import { ORGANIZATION_TEXT_FIELDS, type AccountDto, type OrganizationDto } from '@infra/contracts';

/** The selected organization, held client-side (§3): the contract's shape, every field defaulting to ''. */
export type Organization = OrganizationDto;

export const ORGANIZATION_FIELDS = [
  'id',
  'name',
  'accountId',
  'ownerId',
  'billingContactId',
  'technicalContactId',
  ...ORGANIZATION_TEXT_FIELDS,
  'account',
] as const satisfies readonly (keyof Organization)[];

/** Every field empty (a field missing from ORGANIZATION_FIELDS fails the type check here). */
export const EMPTY_ORGANIZATION: Organization = Object.fromEntries(
  ORGANIZATION_FIELDS.map((field) => [field, '']),
) as Record<(typeof ORGANIZATION_FIELDS)[number], string>;

/**
 * The selected account, held client-side and remembered in local storage: id, name and slug always (empty by
 * default); the rest of the contract's AccountDto when known. The profile's copy of the account is fresher and
 * is preferred wherever both exist.
 */
export type Account = Pick<AccountDto, 'id' | 'name' | 'slug'> &
  Partial<Omit<AccountDto, 'id' | 'name' | 'slug' | 'organization'>> & {
    /** The account's organizations (the spec names the list `organization`). */
    organization?: Partial<OrganizationDto>[];
  };

export const EMPTY_ACCOUNT: Account = { id: '', name: '', slug: '', organization: [] };
