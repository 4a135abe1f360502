/**
 * Every Kafka message is one envelope. The message key is the organization id (per-tenant ordering);
 * account-wide events use the account id.
 */
export interface EventEnvelope<TPayload = unknown> {
  eventId: string;
  type: string;
  occurredAt: string;
  accountId: string | null;
  organizationId: string | null;
  actorId: string | null;
  payload: TPayload;
}

/** Kafka header carrying the HTTP request id that caused the event, so logs join up across services. */
export const REQUEST_ID_HEADER = 'x-request-id';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The spec's UUID check: 8-4-4-4-12 hexadecimal groups. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

export function isEventEnvelope(value: unknown): value is EventEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    isUuid(candidate.eventId) &&
    typeof candidate.type === 'string' &&
    typeof candidate.occurredAt === 'string' &&
    'payload' in candidate
  );
}

/**
 * A check of data that crossed a process boundary (a Kafka payload): returns what is wrong, empty when valid.
 * The phantom `T` ties a schema to its TypeScript type, so a schema that misses a field does not compile.
 * Extra fields are allowed: a newer producer may add optional fields without breaking older consumers.
 */
export interface Schema<T> {
  (value: unknown, path: string): string[];
  readonly __type?: T;
}

const fail = (path: string, expected: string, value: unknown): string[] => [
  `${path || 'payload'}: expected ${expected}, got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`,
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Small schema combinators for Kafka payloads (no dependency: the web app imports this package too). */
export const schema = {
  string:
    ({ min = 0, max = 10_000 }: { min?: number; max?: number } = {}): Schema<string> =>
    (value, path) =>
      typeof value === 'string' && value.length >= min && value.length <= max
        ? []
        : fail(path, `a string of ${min}-${max} characters`, value),
  uuid: (): Schema<string> => (value, path) => (isUuid(value) ? [] : fail(path, 'a UUID', value)),
  /** ISO 8601 date or date-time. */
  isoDate: (): Schema<string> => (value, path) =>
    typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
      ? []
      : fail(path, 'an ISO 8601 date', value),
  number:
    ({ min = -Number.MAX_VALUE, max = Number.MAX_VALUE }: { min?: number; max?: number } = {}): Schema<number> =>
    (value, path) =>
      typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
        ? []
        : fail(path, `a number in [${min}, ${max}]`, value),
  boolean: (): Schema<boolean> => (value, path) => (typeof value === 'boolean' ? [] : fail(path, 'a boolean', value)),
  oneOf:
    <T extends string>(...values: T[]): Schema<T> =>
    (value, path) =>
      values.includes(value as T) ? [] : fail(path, `one of ${values.join(', ')}`, value),
  /** A JSON scalar: string, number, boolean or null. */
  scalar: (): Schema<string | number | boolean | null> => (value, path) =>
    value === null || ['string', 'number', 'boolean'].includes(typeof value)
      ? []
      : fail(path, 'a string, number, boolean or null', value),
  array:
    <T>(item: Schema<T>, { max = 10_000 }: { max?: number } = {}): Schema<T[]> =>
    (value, path) =>
      Array.isArray(value) && value.length <= max
        ? value.flatMap((element, index) => item(element, `${path}[${index}]`))
        : fail(path, `an array of at most ${max} items`, value),
  record:
    <T>(item: Schema<T>): Schema<Record<string, T>> =>
    (value, path) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.entries(value).flatMap(([key, element]) => item(element, `${path}.${key}`))
        : fail(path, 'an object', value),
  object:
    <T extends object>(shape: { [K in keyof T]-?: Schema<T[K]> }): Schema<T> =>
    (value, path) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(path, 'an object', value);
      const record = value as Record<string, unknown>;
      return Object.entries<Schema<unknown>>(shape).flatMap(([key, check]) =>
        check(record[key], path ? `${path}.${key}` : key),
      );
    },
  nullable:
    <T>(inner: Schema<T>): Schema<T | null> =>
    (value, path) =>
      value === null ? [] : inner(value, path),
  /** A field a newer producer added: older events do not carry it. */
  optional:
    <T>(inner: Schema<T>): Schema<T | undefined> =>
    (value, path) =>
      value === undefined ? [] : inner(value, path),
};
