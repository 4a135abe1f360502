/**
 * Domain error codes of the identity service, one enum per module. The service maps each code to its status and
 * message (`<feature>.errors.ts`); the web app maps codes, never message text.
 */
export enum AccountErrorCode {
  NotFound = 'ACCOUNT_NOT_FOUND',
  SlugTaken = 'ACCOUNT_SLUG_TAKEN',
  AdminOnly = 'ACCOUNT_ADMIN_ONLY',
  SystemAdminOnly = 'ACCOUNT_SYSTEM_ADMIN_ONLY',
  ThresholdsRule = 'ACCOUNT_THRESHOLDS_RULE',
  ContactNotMember = 'ACCOUNT_CONTACT_NOT_MEMBER',
  /** A deletion without the account's exact name in `?name=`. */
  NameNotConfirmed = 'ACCOUNT_NAME_NOT_CONFIRMED',
}

export enum OrganizationErrorCode {
  NotFound = 'ORGANIZATION_NOT_FOUND',
  NameTaken = 'ORGANIZATION_NAME_TAKEN',
  /** A deletion without the organization's exact name in `?name=`. */
  NameNotConfirmed = 'ORGANIZATION_NAME_NOT_CONFIRMED',
}

export enum UserErrorCode {
  NotFound = 'USER_NOT_FOUND',
  TermsOutdated = 'USER_TERMS_OUTDATED',
  CustomDataTooLarge = 'USER_CUSTOM_DATA_TOO_LARGE',
  CustomDataInvalid = 'USER_CUSTOM_DATA_INVALID',
}

export enum MemberErrorCode {
  NotFound = 'MEMBER_NOT_FOUND',
  AlreadyMember = 'MEMBER_ALREADY_MEMBER',
  LastAdmin = 'MEMBER_LAST_ADMIN',
  InvitationNotFound = 'MEMBER_INVITATION_NOT_FOUND',
}
