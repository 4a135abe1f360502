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
