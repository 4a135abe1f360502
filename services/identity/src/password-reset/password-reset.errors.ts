import { IDENTITY_MESSAGES, PasswordResetErrorCode } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

export const PASSWORD_RESET_ERRORS: ErrorCatalogue<PasswordResetErrorCode> = {
  [PasswordResetErrorCode.InvalidLink]: { status: 400, message: IDENTITY_MESSAGES.resetInvalid },
  [PasswordResetErrorCode.TooManyRequests]: { status: 429, message: IDENTITY_MESSAGES.tooManyResets },
  [PasswordResetErrorCode.EmailRequired]: { status: 400, message: 'email is required' },
};

export const passwordResetError = domainErrors(PASSWORD_RESET_ERRORS);
