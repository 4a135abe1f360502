import { MESSAGES, TaggingErrorCode, TAG_RULE_MESSAGES, TAGGING_LIMITS } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

/** Tagging's error catalogue: one code enum for the service (libs/contracts), each code's status and message. */
export const TAGGING_ERRORS: ErrorCatalogue<TaggingErrorCode> = {
  // A random id and another tenant's id get the same answer (no existence oracle).
  [TaggingErrorCode.TagNotFound]: { status: 404, message: MESSAGES.notFound('Tag') },
  // "exist" in the text: the web app's mutation toast shows the entity-already-exists message (§8).
  [TaggingErrorCode.TagExists]: { status: 409, message: MESSAGES.alreadyExists },
  [TaggingErrorCode.DuplicateInRequest]: { status: 400, message: TAG_RULE_MESSAGES.duplicateInRequest },
  [TaggingErrorCode.TagArchived]: { status: 409, message: 'An archived tag cannot be assigned: restore it first.' },
  [TaggingErrorCode.SystemTagReadOnly]: {
    status: 400,
    message: 'System tags follow the asset attributes and cannot be changed by hand.',
  },
  [TaggingErrorCode.UnknownAssets]: { status: 404, message: MESSAGES.notFound('Asset') },
  [TaggingErrorCode.UnknownCollections]: { status: 404, message: MESSAGES.notFound('Collection') },
  [TaggingErrorCode.AdminOnly]: { status: 403, message: 'Only an Admin of the account can do this.' },
  [TaggingErrorCode.FileNameInvalid]: {
    status: 400,
    message: 'The file name must end in .csv and have at most 200 characters, without slashes or control characters.',
  },
  [TaggingErrorCode.FileNotFound]: { status: 404, message: MESSAGES.notFound('File') },
  [TaggingErrorCode.FileTooLarge]: {
    status: 413,
    message: `The file is too large: at most ${TAGGING_LIMITS.importFileMaxBytes / 1024 / 1024} MiB.`,
  },
  [TaggingErrorCode.UploadAddressInvalid]: {
    status: 403,
    message: 'This upload address is invalid, expired or already used: ask for a new one.',
  },
  [TaggingErrorCode.ImportInvalid]: { status: 422, message: MESSAGES.importHasIssues },
  [TaggingErrorCode.ImportNotFound]: { status: 404, message: MESSAGES.notFound('Import') },
  [TaggingErrorCode.ImportBusy]: { status: 409, message: 'This file is being imported already.' },
  [TaggingErrorCode.RuleNotFound]: { status: 404, message: MESSAGES.notFound('Rule') },
  [TaggingErrorCode.RuleNameTaken]: { status: 409, message: MESSAGES.alreadyExists },
  [TaggingErrorCode.TooManyRules]: {
    status: 409,
    message: `An organization has at most ${TAGGING_LIMITS.rulesPerOrganizationMax} rules.`,
  },
};

export const taggingError = domainErrors(TAGGING_ERRORS);
