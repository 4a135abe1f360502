import { CUSTOM_DATA_LIMITS, MESSAGES, UserErrorCode } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

export const USER_ERRORS: ErrorCatalogue<UserErrorCode> = {
  [UserErrorCode.NotFound]: { status: 404, message: MESSAGES.notFound('User') },
  [UserErrorCode.TermsOutdated]: {
    status: 404,
    message: 'These terms are no longer current. Reload the page and accept the current versions.',
  },
  [UserErrorCode.CustomDataTooLarge]: {
    status: 413,
    message: `Custom data is limited to ${CUSTOM_DATA_LIMITS.perCallBytes / 1024} KiB per call and ${CUSTOM_DATA_LIMITS.totalBytes / 1024} KiB in total.`,
  },
  [UserErrorCode.CustomDataInvalid]: { status: 400, message: 'data must not contain NUL characters' },
};

export const userError = domainErrors(USER_ERRORS);
