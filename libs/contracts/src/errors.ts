/** The one JSON error shape of every HTTP response that fails, from the gateway and every service. */
export interface ErrorResponse {
  statusCode: number;
  message: string;
  errorId: string;
  /** Machine-readable reason: a module's domain error code, or a generic code derived from the status. */
  code: string;
}

/** Generic codes for errors that are not domain errors (validation, auth, routing, upstream failures). */
export const GENERIC_ERROR_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
} as const satisfies Record<number, string>;

export function codeForStatus(status: number): string {
  return (GENERIC_ERROR_CODES as Record<number, string>)[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** User-facing texts from the specification's error catalogue (§8). Use them verbatim. */
export const MESSAGES = {
  unknownError: 'Something went wrong, please try again.',
  unavailable: 'Unable to complete your request. Try again later',
  alreadyExists: 'Oops!, the item you are trying to save already exist.',
  queryError: 'An issue occurred retrieving data. If this reoccurs, please contact support.',
  networkError: 'A connection issue occurred. Please check your internet connection...',
  notFound: (entity: string) => `Oops! ${entity} Not Found`,
  widgetError: 'Oops! Error loading widget',
  uploadError: 'Error: Unable to upload file. Please try again.',
  importHeaderMissing: 'The file header is missing or malformed, check file and re-import.',
  importNoTags: 'There are no tags found in file, check file and re-import.',
  importTooMany: 'There are too many records in the file, maximum is 5000 tags.',
  importHasIssues: 'There are some validation issues, fix them before importing.',
  eventAssignError: 'An error has occurred. The Event could not be assigned.',
  viewCreateError: 'Unfortunately, we unable to create this view. Please try again later.',
  eventNameRule: 'Name must be unique and only alphanumeric and _- characters are allowed. Maximum 50 Characters',
  eventDatesRule: 'Date(s) are required and end date must be after or equal to the start date',
  importValid: 'There are no validation errors, click Import to finish importing tags.',
  importSucceeded: (count: number) => `Success! ${count} records have been imported.`,
  actionCompleted: 'Action completed successfully',
  signedOut: 'You have been successfully signed out.',
} as const;
