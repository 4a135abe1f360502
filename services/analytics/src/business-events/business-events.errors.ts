import { BusinessEventErrorCode, BusinessEventImpactErrorCode, MESSAGES } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

/** The codes analytics answers for business events (the events service owns the rest of the enum). */
export type AnalyticsBusinessEventErrorCode = BusinessEventErrorCode.NotFound | BusinessEventImpactErrorCode;

export const BUSINESS_EVENT_ERRORS: ErrorCatalogue<AnalyticsBusinessEventErrorCode> = {
  [BusinessEventErrorCode.NotFound]: { status: 404, message: MESSAGES.notFound('Event') },
  [BusinessEventImpactErrorCode.EventIdInvalid]: { status: 400, message: 'businessEventId must be a UUID.' },
};

export const businessEventError = domainErrors(BUSINESS_EVENT_ERRORS);
