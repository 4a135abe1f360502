import { API_KEY_ERRORS as CATALOGUE, ApiKeyErrorCode } from '@infra/contracts';
import { domainErrors, ErrorCatalogue } from '@infra/platform';

// One catalogue for identity and the gateway (libs/contracts): the gateway throws the authentication codes.
export const API_KEY_ERRORS: ErrorCatalogue<ApiKeyErrorCode> = CATALOGUE;

export const apiKeyError = domainErrors(API_KEY_ERRORS);
