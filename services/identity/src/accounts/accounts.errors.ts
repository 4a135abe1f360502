import { AccountErrorCode, IDENTITY_MESSAGES, MESSAGES } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

export const ACCOUNT_ERRORS: ErrorCatalogue<AccountErrorCode> = {
  // Also the answer for an account the caller does not belong to: its existence is never revealed.
  [AccountErrorCode.NotFound]: { status: 404, message: MESSAGES.notFound('Account') },
  [AccountErrorCode.SlugTaken]: { status: 409, message: MESSAGES.alreadyExists },
  [AccountErrorCode.AdminOnly]: { status: 403, message: 'Only an account Admin can do this' },
  [AccountErrorCode.SystemAdminOnly]: { status: 403, message: 'Only a System Admin can do this' },
  [AccountErrorCode.ThresholdsRule]: { status: 400, message: IDENTITY_MESSAGES.thresholdsRule },
  [AccountErrorCode.ContactNotMember]: { status: 400, message: 'Contacts must be members of the account' },
  [AccountErrorCode.NameNotConfirmed]: {
    status: 400,
    message: "Type the account's name exactly to delete it, its organizations and all their data.",
  },
};

export const accountError = domainErrors(ACCOUNT_ERRORS);
