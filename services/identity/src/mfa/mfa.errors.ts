import { IDENTITY_MESSAGES, MfaErrorCode } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

export const MFA_ERRORS: ErrorCatalogue<MfaErrorCode> = {
  [MfaErrorCode.AlreadyEnabled]: { status: 400, message: IDENTITY_MESSAGES.mfaAlreadyEnabled },
  [MfaErrorCode.EnrolmentNotStarted]: { status: 400, message: IDENTITY_MESSAGES.mfaNotStarted },
  [MfaErrorCode.NotEnabled]: { status: 400, message: IDENTITY_MESSAGES.mfaNotEnabled },
  [MfaErrorCode.InvalidCode]: { status: 400, message: IDENTITY_MESSAGES.invalidCode },
  [MfaErrorCode.TooManyCodes]: { status: 429, message: IDENTITY_MESSAGES.tooManyCodes },
};

export const mfaError = domainErrors(MFA_ERRORS);
