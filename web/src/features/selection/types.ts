/** Client-side shapes of §3. Every organization field defaults to an empty string. */
export interface Organization {
  id: string;
  name: string;
  accountId: string;
  ownerId: string;
  billingContactId: string;
  technicalContactId: string;
  addressLineOne: string;
  addressLineTwo: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  website: string;
  account: string;
}

export const ORGANIZATION_FIELDS = [
  'id',
  'name',
  'accountId',
  'ownerId',
  'billingContactId',
  'technicalContactId',
  'addressLineOne',
  'addressLineTwo',
  'city',
  'state',
  'zipCode',
  'country',
  'website',
  'account',
] as const satisfies readonly (keyof Organization)[];

export const EMPTY_ORGANIZATION: Organization = {
  id: '',
  name: '',
  accountId: '',
  ownerId: '',
  billingContactId: '',
  technicalContactId: '',
  addressLineOne: '',
  addressLineTwo: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  website: '',
  account: '',
};

export interface Account {
  id: string;
  name: string;
  slug: string;
  bucket?: string;
  authClientId?: string;
  awsCrossAccountRoleArn?: string;
  ownerId?: string;
  billingContactId?: string;
  technicalContactId?: string;
  timeZone?: string;
  /** The account's organizations (the spec names the list `organization`). */
  organization?: Partial<Organization>[];
  minWorkloadPercentThreshold?: number;
  maxWorkloadPercentThreshold?: number;
}

export const EMPTY_ACCOUNT: Account = { id: '', name: '', slug: '', organization: [] };
