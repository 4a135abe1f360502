/**
 * API keys for automation (Admin → Account → Security): shapes shared by identity, the gateway and the web app.
 * A key is bound to one organization with a role; scripts send it as `Authorization: Bearer iak_…`.
 */
import type { AccountRole } from './identity';

/** Every secret starts with it: the gateway tells an API key from an access token by it. */
export const API_KEY_PREFIX = 'iak_';
/** The prefix and 32 random bytes in base64url (43 characters). */
export const API_KEY_PATTERN = /^iak_[A-Za-z0-9_-]{43}$/;

export const API_KEY_LIMITS = {
  nameMaxLength: 100,
  /** Keys neither revoked nor expired, per account. */
  activePerAccountMax: 50,
  /** The latest expiry a key may have, from its creation. */
  expiryMaxDays: 365,
  /** Characters of the secret kept and shown to recognise a key. */
  shownPrefixLength: 12,
} as const;

export type ApiKeyStatus = 'Active' | 'Expired' | 'Revoked';

/** `GET accounts/{id}/api-keys`: never the secret, only its first characters. */
export interface ApiKeyDto {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  role: AccountRole;
  /** The first 12 characters of the secret (`iak_` and 8 more). */
  prefix: string;
  /** The user id of the Admin who created it; requests made with the key are attributed to them and the key. */
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** `POST accounts/{id}/api-keys`. */
export interface CreateApiKeyRequest {
  name: string;
  organizationId: string;
  role: AccountRole;
  /** ISO date-time in the future, at most a year ahead; no expiry when absent. */
  expiresAt?: string;
}

/** The answer to a creation: the only time the secret is ever shown. */
export interface CreatedApiKeyDto extends ApiKeyDto {
  secret: string;
}

/** A key's state at `now`: revoked wins over expired. */
export function apiKeyStatus(key: Pick<ApiKeyDto, 'expiresAt' | 'revokedAt'>, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'Revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) return 'Expired';
  return 'Active';
}

/**
 * Gateway ↔ identity only (`POST /internal/api-keys/verify`): who a valid key acts as. `role` is the lower of the
 * key's role and its creator's current role, so a demoted Admin's keys lose Admin rights with them.
 */
export interface ApiKeyPrincipal {
  keyId: string;
  accountId: string;
  organizationId: string;
  role: AccountRole;
  /** The creator. */
  userId: string;
  expiresAt: string | null;
}

export enum ApiKeyErrorCode {
  NotFound = 'API_KEY_NOT_FOUND',
  LimitReached = 'API_KEY_LIMIT_REACHED',
  /** Unknown, revoked or expired key, or its creator left the account: one answer. */
  Invalid = 'API_KEY_INVALID',
  Throttled = 'API_KEY_THROTTLED',
  /** Keys call only organization routes (not profile, accounts, members…). */
  RouteNotAllowed = 'API_KEY_ROUTE_NOT_ALLOWED',
  WrongOrganization = 'API_KEY_WRONG_ORGANIZATION',
}

/**
 * Status and message of every code: identity throws the management and throttle codes, the gateway the
 * authentication ones, from this one catalogue.
 */
export const API_KEY_ERRORS: Readonly<Record<ApiKeyErrorCode, { status: number; message: string }>> = {
  [ApiKeyErrorCode.NotFound]: { status: 404, message: 'Oops! API key Not Found' },
  [ApiKeyErrorCode.LimitReached]: {
    status: 409,
    message: `An account can have at most ${API_KEY_LIMITS.activePerAccountMax} active API keys. Revoke one first.`,
  },
  [ApiKeyErrorCode.Invalid]: { status: 401, message: 'The API key is not valid.' },
  [ApiKeyErrorCode.Throttled]: { status: 429, message: 'Too many invalid API key attempts. Try again later.' },
  [ApiKeyErrorCode.RouteNotAllowed]: {
    status: 403,
    message: "An API key can only call its organization's data routes.",
  },
  [ApiKeyErrorCode.WrongOrganization]: {
    status: 403,
    message: 'This API key belongs to another organization.',
  },
};
