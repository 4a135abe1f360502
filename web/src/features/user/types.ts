import type { ProfileDto, UserDto } from '@infra/contracts';

/** The signed-in user's profile (`GET users/profile`): the user's fields (§3), role, and accounts. */
export type UserProfile = ProfileDto;

/** What the display helpers need of a user, a profile or a member. */
export type UserNameFields = Partial<Pick<UserDto, 'firstName' | 'lastName' | 'email'>>;

export interface ProfileQueryArgs {
  organizationId?: string;
  accountSlug?: string;
}

/** The `{ message }` answer of the password-reset calls. */
export interface MessageResponse {
  message: string;
}
