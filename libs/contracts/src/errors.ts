/** The one JSON error shape of every HTTP response that fails, from the gateway and every service. */
export interface ErrorResponse {
  statusCode: number;
  message: string;
  errorId: string;
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
