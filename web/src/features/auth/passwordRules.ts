import { PASSWORD_MIN_LENGTH } from '@infra/contracts';

export type NewPasswordError = 'passwordRule' | 'mismatch';

/** The new-password checks the client can make: the minimum length, and both entries equal. */
export function newPasswordErrors(
  password: string,
  confirmation: string,
): {
  password?: NewPasswordError;
  confirmation?: NewPasswordError;
} {
  return {
    ...(password.length < PASSWORD_MIN_LENGTH ? { password: 'passwordRule' as const } : {}),
    ...(confirmation !== password ? { confirmation: 'mismatch' as const } : {}),
  };
}
