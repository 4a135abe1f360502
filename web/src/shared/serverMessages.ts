import { MfaErrorCode, PasswordErrorCode, PasswordResetErrorCode, SessionErrorCode } from '@infra/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A failed server answer as the web app sees it: the status (0 when none came), and the body's `code`. */
export interface ServerFailure {
  status: number;
  code?: string;
}

/** How a screen turns a failure into a text: by error code first, then by status, else the fallback. */
export interface FailureTexts {
  codes?: Readonly<Partial<Record<string, string>>>;
  statuses?: Readonly<Record<number, string>>;
  fallback: string;
}

/** Translation keys of identity's texts (`identity.messages.<key>`, the English ones word for word). */
export const IDENTITY_TEXT_KEYS = {
  invalidCredentials: 'identity.messages.invalidCredentials',
  invalidCode: 'identity.messages.invalidCode',
  lockedOut: 'identity.messages.lockedOut',
  tooManyCodes: 'identity.messages.tooManyCodes',
  tooManyResets: 'identity.messages.tooManyResets',
  mfaAlreadyEnabled: 'identity.messages.mfaAlreadyEnabled',
  mfaNotStarted: 'identity.messages.mfaNotStarted',
  mfaNotEnabled: 'identity.messages.mfaNotEnabled',
  resetInvalid: 'identity.messages.resetInvalid',
  passwordRule: 'identity.messages.passwordRule',
  lastAdmin: 'identity.messages.lastAdmin',
  thresholdsRule: 'identity.messages.thresholdsRule',
  acceptanceRequired: 'identity.messages.acceptanceRequired',
} as const;

/** Sign-in (`POST /api/login`): identity's session codes. */
export const SESSION_CODE_KEYS: Readonly<Partial<Record<string, string>>> = {
  [SessionErrorCode.InvalidCredentials]: IDENTITY_TEXT_KEYS.invalidCredentials,
  [SessionErrorCode.InvalidCode]: IDENTITY_TEXT_KEYS.invalidCode,
  [SessionErrorCode.LockedOut]: IDENTITY_TEXT_KEYS.lockedOut,
};

/** Enrolling and turning off MFA: identity's MFA codes. */
export const MFA_CODE_KEYS: Readonly<Partial<Record<string, string>>> = {
  [MfaErrorCode.InvalidCode]: IDENTITY_TEXT_KEYS.invalidCode,
  [MfaErrorCode.TooManyCodes]: IDENTITY_TEXT_KEYS.tooManyCodes,
  [MfaErrorCode.AlreadyEnabled]: IDENTITY_TEXT_KEYS.mfaAlreadyEnabled,
  [MfaErrorCode.EnrolmentNotStarted]: IDENTITY_TEXT_KEYS.mfaNotStarted,
  [MfaErrorCode.NotEnabled]: IDENTITY_TEXT_KEYS.mfaNotEnabled,
};

/** Password reset: the link's codes, and the password rule's (any broken rule shows the rule). */
export const RESET_CODE_KEYS: Readonly<Partial<Record<string, string>>> = {
  [PasswordResetErrorCode.InvalidLink]: IDENTITY_TEXT_KEYS.resetInvalid,
  [PasswordResetErrorCode.TooManyRequests]: IDENTITY_TEXT_KEYS.tooManyResets,
  [PasswordErrorCode.TooShort]: IDENTITY_TEXT_KEYS.passwordRule,
  [PasswordErrorCode.TooLong]: IDENTITY_TEXT_KEYS.passwordRule,
  [PasswordErrorCode.Blank]: IDENTITY_TEXT_KEYS.passwordRule,
  [PasswordErrorCode.Common]: IDENTITY_TEXT_KEYS.passwordRule,
};

/** Texts every screen shares: no answer at all, too many attempts, the server failing. */
const COMMON_STATUS_KEYS: Readonly<Record<number, string>> = {
  0: 'toast.networkError',
  408: 'toast.networkError',
  429: 'errors.tooManyAttempts',
  500: 'toast.unavailable',
  502: 'toast.unavailable',
  503: 'toast.unavailable',
  504: 'toast.unavailable',
};

/** The translation key for a failure: never the server's message text, which is English and may change. */
export function failureKey(failure: ServerFailure, texts: FailureTexts): string {
  const byCode = failure.code ? texts.codes?.[failure.code] : undefined;
  return byCode ?? texts.statuses?.[failure.status] ?? COMMON_STATUS_KEYS[failure.status] ?? texts.fallback;
}

/** `failureKey`, translated. */
export function useFailureText(): (failure: ServerFailure, texts: FailureTexts) => string {
  const { t } = useTranslation();
  return useCallback((failure, texts) => t(failureKey(failure, texts)), [t]);
}
