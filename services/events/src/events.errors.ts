import {
  BUSINESS_EVENT_LIMITS,
  BUSINESS_EVENT_RULE_MESSAGES,
  BusinessEventErrorCode,
  MESSAGES,
} from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

/** The events service's error catalogue: each code of BusinessEventErrorCode (libs/contracts), its status and message. */
export const BUSINESS_EVENT_ERRORS: ErrorCatalogue<BusinessEventErrorCode> = {
  // A random id and another tenant's id get the same answer (no existence oracle).
  [BusinessEventErrorCode.NotFound]: { status: 404, message: MESSAGES.notFound('Event') },
  // The spec's name rule says "must be unique": its text is the answer to a taken name too.
  [BusinessEventErrorCode.NameTaken]: { status: 409, message: BUSINESS_EVENT_RULE_MESSAGES.name },
  [BusinessEventErrorCode.DatesInvalid]: { status: 400, message: BUSINESS_EVENT_RULE_MESSAGES.dates },
  [BusinessEventErrorCode.AssignmentInvalid]: { status: 400, message: BUSINESS_EVENT_RULE_MESSAGES.assignFailed },
  [BusinessEventErrorCode.TooManyAssets]: {
    status: 400,
    message: `${BUSINESS_EVENT_RULE_MESSAGES.assignFailed} An event covers at most ${BUSINESS_EVENT_LIMITS.resolvedAssetsMax} assets.`,
  },
  [BusinessEventErrorCode.TargetNotFound]: { status: 404, message: MESSAGES.notFound('Target') },
  [BusinessEventErrorCode.WindowInvalid]: {
    status: 400,
    message: `startDate and endDate must be ISO 8601 instants, endDate after startDate, at most ${BUSINESS_EVENT_LIMITS.targetWindowMaxDays} days apart.`,
  },
  [BusinessEventErrorCode.ImpactInvalid]: {
    status: 400,
    message: `Each expected impact must name an asset of the event once, with a percent from ${BUSINESS_EVENT_LIMITS.impactPercentMin} to ${BUSINESS_EVENT_LIMITS.impactPercentMax}.`,
  },
  [BusinessEventErrorCode.AdminOnly]: { status: 403, message: 'Only an Admin of the account can do this.' },
};

export const businessEventError = domainErrors(BUSINESS_EVENT_ERRORS);
