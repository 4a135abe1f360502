import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES, PasswordErrorCode, passwordShapeProblem } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

export const PASSWORD_ERRORS: ErrorCatalogue<PasswordErrorCode> = {
  [PasswordErrorCode.TooShort]: { status: 400, message: PASSWORD_MESSAGES[PasswordErrorCode.TooShort] },
  [PasswordErrorCode.TooLong]: { status: 400, message: PASSWORD_MESSAGES[PasswordErrorCode.TooLong] },
  [PasswordErrorCode.Blank]: { status: 400, message: PASSWORD_MESSAGES[PasswordErrorCode.Blank] },
  [PasswordErrorCode.Common]: { status: 400, message: PASSWORD_MESSAGES[PasswordErrorCode.Common] },
};

const passwordError = domainErrors(PASSWORD_ERRORS);

let commonPasswords: ReadonlySet<string> | undefined;

/** zxcvbn-ts's list of about 50,000 common passwords (lower case), loaded once. */
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The one server-side password check (ASVS V2.1): the shared rule of `@infra/contracts` plus the
 * common-password list. Call it wherever a password is set: reset, invitation acceptance, user creation.
 */
export function assertAcceptablePassword(password: string): void {
  const problem = passwordShapeProblem(password) ?? (isCommon(password) ? PasswordErrorCode.Common : undefined);
  if (problem) throw passwordError(problem);
}
