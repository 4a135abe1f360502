/**
 * Error codes of identity's sign-in, MFA and password reset modules. The web app maps these codes (never
 * message text); identity's `<feature>.errors.ts` catalogues give each its status and message.
 */
export enum SessionErrorCode {
  InvalidCredentials = 'SESSION_INVALID_CREDENTIALS',
  InvalidCode = 'SESSION_INVALID_CODE',
  LockedOut = 'SESSION_LOCKED_OUT',
  InvalidRefreshToken = 'SESSION_INVALID_REFRESH_TOKEN',
}

export enum MfaErrorCode {
  AlreadyEnabled = 'MFA_ALREADY_ENABLED',
  EnrolmentNotStarted = 'MFA_ENROLMENT_NOT_STARTED',
  NotEnabled = 'MFA_NOT_ENABLED',
  InvalidCode = 'MFA_INVALID_CODE',
  TooManyCodes = 'MFA_TOO_MANY_CODES',
}

export enum PasswordResetErrorCode {
  InvalidLink = 'PASSWORD_RESET_INVALID_LINK',
  TooManyRequests = 'PASSWORD_RESET_TOO_MANY_REQUESTS',
  EmailRequired = 'PASSWORD_RESET_EMAIL_REQUIRED',
}
