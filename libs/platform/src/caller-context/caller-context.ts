import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@infra/contracts';

/**
 * Who is calling, as verified by the gateway: the user, and — for organization-scoped requests —
 * the organization, its account and the caller's role there. Services trust only a signed copy.
 */
export interface CallerContext {
  userId: string;
  email?: string;
  systemAdmin: boolean;
  accountId: string | null;
  organizationId: string | null;
  role: Role | null;
}

export const CALLER_CONTEXT_HEADER = 'x-caller-context';
const DEFAULT_TTL_SECONDS = 60;

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** Serialises and signs a context, valid for `ttlSeconds` (short: it is minted per request). */
export function signCallerContext(context: CallerContext, secret: string, ttlSeconds = DEFAULT_TTL_SECONDS): string {
  const data = Buffer.from(JSON.stringify({ ...context, exp: Math.floor(Date.now() / 1000) + ttlSeconds })).toString(
    'base64url',
  );
  return `${data}.${sign(data, secret)}`;
}

/** Returns the context when the signature is valid and unexpired, otherwise undefined. */
export function verifyCallerContext(token: string | undefined, secret: string): CallerContext | undefined {
  if (!token) return undefined;
  const [data, signature, extra] = token.split('.');
  if (!data || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(data, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const { exp, ...context } = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as CallerContext & {
      exp: number;
    };
    if (typeof exp !== 'number' || exp < Date.now() / 1000) return undefined;
    if (typeof context.userId !== 'string') return undefined;
    return context;
  } catch {
    return undefined;
  }
}
