import { ANALYTICS_LIMITS, AnalyticsErrorCode, MESSAGES } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

/** Analytics' error catalogue: one code enum for the service (libs/contracts), each code's status and message. */
export const ANALYTICS_ERRORS: ErrorCatalogue<AnalyticsErrorCode> = {
  [AnalyticsErrorCode.AdminOnly]: { status: 403, message: 'Only an Admin of the account can do this.' },
  [AnalyticsErrorCode.TelemetryBodyInvalid]: {
    status: 400,
    message: 'Send { "samples": [ … ] } as JSON, or CSV with a header line of sample fields.',
  },
  [AnalyticsErrorCode.TooManySamples]: {
    status: 400,
    message: `At most ${ANALYTICS_LIMITS.telemetrySamplesMax.toLocaleString('en-US')} samples per call.`,
  },
  [AnalyticsErrorCode.HorizonInvalid]: {
    status: 400,
    message: 'timeHorizon is one of 24h, 7d, 30d, 90d, 12m, or an ISO 8601 interval start/end of whole UTC hours.',
  },
  [AnalyticsErrorCode.FilterInvalid]: {
    status: 400,
    message: 'tagIds and collectionIds are lists of at most 100 UUIDs, separated by commas.',
  },
  [AnalyticsErrorCode.AssetNotFound]: { status: 404, message: MESSAGES.notFound('Asset') },
  [AnalyticsErrorCode.CollectionNotFound]: { status: 404, message: MESSAGES.notFound('Collection') },
  [AnalyticsErrorCode.FinancialSettingsInvalid]: {
    status: 400,
    message: 'Send { "currency"?: a three-letter ISO 4217 code, "priceListFallback"?: true or false }.',
  },
};

export const analyticsError = domainErrors(ANALYTICS_ERRORS);
