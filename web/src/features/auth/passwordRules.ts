import { passwordShapeProblem } from '@infra/contracts';

export type NewPasswordError = 'passwordRule' | 'mismatch';

/**
 * The new-password checks the client can make: the shared password rule of `@infra/contracts` (length,
 * not only spaces; identity also refuses common passwords), and both entries equal.
 */
export function newPasswordErrors(
  password: string,
  confirmation: string,
): {
  password?: NewPasswordError;
  confirmation?: NewPasswordError;
} {
  return {
    ...(passwordShapeProblem(password) ? { password: 'passwordRule' as const } : {}),
    ...(confirmation !== password ? { confirmation: 'mismatch' as const } : {}),
  };
}
