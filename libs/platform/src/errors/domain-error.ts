/** What a domain error code means to an HTTP client: its status and the user-facing message (the spec's wording). */
export interface ErrorSpec {
  status: number;
  message: string;
}

/** Every code of a module's enum mapped to its status and message; `Record` makes the mapping exhaustive. */
export type ErrorCatalogue<C extends string> = Readonly<Record<C, ErrorSpec>>;

/**
 * The one error type of the domain. Each module declares a code enum (shared with the web app through
 * `libs/contracts`) and a catalogue, and throws `new DomainError(catalogue, code)`; the exception filter
 * turns it into `{ statusCode, message, errorId, code }`. The web app maps codes, never message text.
 */
export class DomainError<C extends string = string> extends Error {
  readonly status: number;

  constructor(
    catalogue: ErrorCatalogue<C>,
    readonly code: C,
    options: { cause?: unknown; message?: string } = {},
  ) {
    super(options.message ?? catalogue[code].message, { cause: options.cause });
    this.name = 'DomainError';
    this.status = catalogue[code].status;
  }
}

/** Binds a catalogue once per module: `throw sessionError(SessionErrorCode.InvalidCredentials)`. */
export function domainErrors<C extends string>(catalogue: ErrorCatalogue<C>) {
  return (code: C, options?: { cause?: unknown; message?: string }) => new DomainError(catalogue, code, options);
}
