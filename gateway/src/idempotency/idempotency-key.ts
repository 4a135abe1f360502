import type { Request } from 'express';
import { IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_LIMITS, IdempotencyErrorCode } from '@infra/contracts';
import { domainErrors } from '@infra/platform';

export const idempotencyError = domainErrors(IDEMPOTENCY_ERRORS);

/** The methods a key makes idempotent (GET, HEAD and DELETE are idempotent already; OPTIONS never reaches here). */
export const KEYED_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * The key of the `Idempotency-Key` header, or undefined without one; a 400 for a malformed one. The draft makes
 * the field a Structured Fields string (`"8e03978e-…"`); the bare form (`8e03978e-…`) that many clients send is
 * accepted as the same key. Two such headers arrive joined by ", ", which is never a valid key.
 */
export function idempotencyKeyOf(req: Request): string | undefined {
  const header = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const key = typeof header === 'string' ? unquoted(header) : undefined;
  if (key === undefined || key.length > IDEMPOTENCY_LIMITS.keyMaxLength || !VISIBLE_ASCII.test(key)) {
    throw idempotencyError(IdempotencyErrorCode.InvalidKey);
  }
  return key;
}

/** The value of a Structured Fields string (RFC 8941 §3.3.3), the value itself when bare, undefined when malformed. */
function unquoted(value: string): string | undefined {
  if (!value.startsWith('"')) return value;
  if (value.length < 2 || !value.endsWith('"')) return undefined;
  let key = '';
  const inner = value.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i];
    if (char === '"') return undefined;
    if (char === '\\') {
      const escaped = inner[++i];
      if (escaped !== '"' && escaped !== '\\') return undefined;
      key += escaped;
    } else key += char;
  }
  return key;
}
