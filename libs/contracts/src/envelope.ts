import * as v from 'valibot';

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

/** A payload's schema (valibot), bound to its TypeScript type: a schema that misses a field does not compile. */
export type PayloadSchema<T> = v.GenericSchema<unknown, T>;

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** An issue's message: what was expected and the kind of value found (never the value: it may be megabytes). */
export const expected =
  (what: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    `expected ${what}, got ${kindOf(issue.input)}`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** The field types of the payloads, each refusing with the kind of value found (see `expected`). */
export const payloadField = {
  string: ({ min = 0, max = 10_000 }: { min?: number; max?: number } = {}) => {
    const message = expected(`a string of ${min}-${max} characters`);
    return v.pipe(v.string(message), v.minLength(min, message), v.maxLength(max, message));
  },
  uuid: () =>
    v.pipe(
      v.string(expected('a UUID')),
      v.check((value: string) => isUuid(value), expected('a UUID')),
    ),
  /** ISO 8601 date or date-time. */
  isoDate: () => {
    const message = expected('an ISO 8601 date');
    return v.pipe(
      v.string(message),
      v.regex(ISO_DATE, message),
      v.check((value) => !Number.isNaN(Date.parse(value)), message),
    );
  },
  number: ({ min = -Number.MAX_VALUE, max = Number.MAX_VALUE }: { min?: number; max?: number } = {}) => {
    const message = expected(`a number in [${min}, ${max}]`);
    return v.pipe(v.number(message), v.finite(message), v.minValue(min, message), v.maxValue(max, message));
  },
  boolean: () => v.boolean(expected('a boolean')),
  oneOf: <const T extends string>(...values: T[]) => v.picklist(values, expected(`one of ${values.join(', ')}`)),
  /** A JSON scalar: string, number, boolean or null. */
  scalar: () => v.union([v.string(), v.number(), v.boolean(), v.null()], expected('a string, number, boolean or null')),
  array: <T extends v.GenericSchema>(item: T, { max = 10_000 }: { max?: number } = {}) => {
    const message = expected(`an array of at most ${max} items`);
    return v.pipe(v.array(item, message), v.maxLength(max, message));
  },
  record: <T extends v.GenericSchema>(item: T) => v.record(v.string(), item, expected('an object')),
  /** A missing field is reported on its own path, as `missing`. */
  object: <T extends v.ObjectEntries>(entries: T) =>
    v.object(entries, (issue) =>
      issue.kind === 'schema' && issue.expected?.startsWith('"') ? 'missing' : expected('an object')(issue),
    ),
};

/**
 * The problems of data that crossed a process boundary (a Kafka payload) against its schema, each as `path: what
 * was expected`; empty when valid. Extra fields are allowed: a newer producer may add optional fields without
 * breaking older consumers. Each field reports its first problem only.
 */
export function payloadProblems(schema: v.GenericSchema, value: unknown): string[] {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return [];
  return result.issues.map((issue) => {
    const path = (issue.path ?? [])
      .map((item) => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`))
      .join('')
      .replace(/^\./, '');
    return `${path || 'payload'}: ${issue.message}`;
  });
}
