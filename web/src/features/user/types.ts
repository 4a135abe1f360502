import type { Account } from '../selection/types';

/** The signed-in user's profile (`GET users/profile`): the user's fields (§3) and their accounts. */
export interface UserProfile {
  id?: string;
  firstName?: string;
  lastName?: string;
  /** The email is the user ID. */
  email?: string;
  mobileNumber?: string;
  workNumber?: string;
  role?: string;
  company?: string;
  website?: string;
  addressLineOne?: string;
  addressLineTwo?: string;
  city?: string;
  country?: string;
  zipCode?: string;
  timeZone?: string;
  accounts?: Account[];
}

export interface ProfileQueryArgs {
  organizationId?: string;
  accountSlug?: string;
}
