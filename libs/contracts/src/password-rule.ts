/**
 * The password rule (OWASP ASVS V2.1), shared by identity and the web app: 12 to 128 characters, not only
 * whitespace. Identity also refuses passwords from a list of common ones (too large for the browser).
 * Lengths count Unicode code points, so any character (spaces, emoji) is allowed.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export enum PasswordErrorCode {
  TooShort = 'PASSWORD_TOO_SHORT',
  TooLong = 'PASSWORD_TOO_LONG',
  Blank = 'PASSWORD_BLANK',
  Common = 'PASSWORD_COMMON',
}

export const PASSWORD_MESSAGES: Readonly<Record<PasswordErrorCode, string>> = {
  [PasswordErrorCode.TooShort]: 'Password must be at least 12 characters long.',
  [PasswordErrorCode.TooLong]: 'Password must be at most 128 characters long.',
  [PasswordErrorCode.Blank]: 'Password must not be only spaces.',
  [PasswordErrorCode.Common]: 'This password is too common. Choose a less predictable one.',
};

/** What is wrong with a password by its shape alone (length, whitespace), or undefined when nothing is. */
export function passwordShapeProblem(password: string): PasswordErrorCode | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PasswordErrorCode.TooShort;
  if (length > PASSWORD_MAX_LENGTH) return PasswordErrorCode.TooLong;
  if (password.trim().length === 0) return PasswordErrorCode.Blank;
  return undefined;
}
