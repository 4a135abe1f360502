import { IDENTITY_MESSAGES, SessionErrorCode } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

export const SESSION_ERRORS: ErrorCatalogue<SessionErrorCode> = {
  [SessionErrorCode.InvalidCredentials]: { status: 401, message: IDENTITY_MESSAGES.invalidCredentials },
  [SessionErrorCode.InvalidCode]: { status: 401, message: IDENTITY_MESSAGES.invalidCode },
  [SessionErrorCode.LockedOut]: { status: 429, message: IDENTITY_MESSAGES.lockedOut },
  [SessionErrorCode.InvalidRefreshToken]: { status: 401, message: 'Unauthorized' },
};

export const sessionError = domainErrors(SESSION_ERRORS);
