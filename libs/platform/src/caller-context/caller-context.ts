import type { KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ROLES, type Role } from '@infra/contracts';
import { ed25519KeyFromBase64 } from '../config/keys';

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
  /** Set when the request was authenticated by an API key (`userId` is then the key's creator); audit logs keep it. */
  apiKeyId?: string | null;
}

/** The one header that carries the caller context from the gateway to a service. */
export const CALLER_CONTEXT_HEADER = 'x-caller-context';
export const CALLER_CONTEXT_ISSUER = 'gateway';
const ALGORITHM = 'EdDSA';
/** Minted per request and used at once: a captured header is worthless after half a minute. */
const DEFAULT_TTL_SECONDS = 30;

/**
 * Signs caller contexts with the gateway's Ed25519 private key (held by the gateway only). The audience is the
 * target service, so a context minted for one service is refused by every other.
 */
export class CallerContextSigner {
  constructor(private readonly privateKey: KeyObject) {}

  /** `pkcs8Base64`: CALLER_CONTEXT_PRIVATE_KEY. The key is imported once, here. */
  static fromBase64(pkcs8Base64: string): CallerContextSigner {
    return new CallerContextSigner(ed25519KeyFromBase64(pkcs8Base64, 'private'));
  }

  sign(context: CallerContext, audience: string, ttlSeconds = DEFAULT_TTL_SECONDS): Promise<string> {
    return new SignJWT({
      email: context.email,
      sa: context.systemAdmin,
      acc: context.accountId,
      org: context.organizationId,
      role: context.role,
      // Only on API-key requests: contexts of signed-in users stay as they were.
      ...(context.apiKeyId ? { apk: context.apiKeyId } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(context.userId)
      .setIssuer(CALLER_CONTEXT_ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.privateKey);
  }
}

const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** Verifies caller contexts with the gateway's public key; a service holds nothing that could mint one. */
export class CallerContextVerifier {
  constructor(
    private readonly publicKey: KeyObject,
    private readonly audience: string,
  ) {}

  /** `spkiBase64`: CALLER_CONTEXT_PUBLIC_KEY; `audience`: this service's name. The key is imported once, here. */
  static fromBase64(spkiBase64: string, audience: string): CallerContextVerifier {
    return new CallerContextVerifier(ed25519KeyFromBase64(spkiBase64, 'public'), audience);
  }

  /** The context when the signature, issuer, audience and expiry are valid; otherwise undefined. */
  async verify(token: string | undefined): Promise<CallerContext | undefined> {
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [ALGORITHM],
        issuer: CALLER_CONTEXT_ISSUER,
        audience: this.audience,
        requiredClaims: ['exp', 'sub'],
      });
      const { sub, email, sa, acc, org, role, apk } = payload;
      if (typeof sub !== 'string' || typeof sa !== 'boolean' || !isNullableString(acc) || !isNullableString(org))
        return undefined;
      if (apk !== undefined && typeof apk !== 'string') return undefined;
      if (role !== null && !(ROLES as readonly unknown[]).includes(role)) return undefined;
      return {
        userId: sub,
        ...(typeof email === 'string' ? { email } : {}),
        systemAdmin: sa,
        accountId: acc,
        organizationId: org,
        role: role as Role | null,
        ...(typeof apk === 'string' ? { apiKeyId: apk } : {}),
      };
    } catch {
      return undefined;
    }
  }
}
