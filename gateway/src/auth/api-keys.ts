import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import {
  type AccessChange,
  API_KEY_ERRORS,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  ApiKeyErrorCode,
  type ApiKeyPrincipal,
} from '@infra/contracts';
import { CALLER_CONTEXT_HEADER, CallerContextSigner, domainErrors } from '@infra/platform';
import { Upstreams } from '../routing/upstreams';
import { includes } from './access-change-match';
import { AnswerCache } from './answer-cache';

export const apiKeyError = domainErrors(API_KEY_ERRORS);

/**
 * How long a valid key's answer is kept. Identity announces a revoked key or a removed creator (`forget`), so it
 * stops at once; this bounds a change whose message was missed.
 */
export const API_KEY_CACHE_TTL_MS = 15_000;

/** The cache's clock in milliseconds; tests inject one they move instead of waiting for a key to expire. */
export interface ApiKeyClock {
  now(): number;
}
export const API_KEY_CLOCK = Symbol('API_KEY_CLOCK');

/** The subject of the gateway's own look-ups: they act for no user. */
const VERIFIER_SUBJECT = 'gateway:api-key-verifier';

/** The secret of an `Authorization: Bearer iak_…` header, or undefined when the request carries no API key. */
export function apiKeyOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, token] = header.split(' ', 2);
  return scheme?.toLowerCase() === 'bearer' && token?.startsWith(API_KEY_PREFIX) ? token : undefined;
}

/**
 * Whom does an API key act as? Identity answers (it owns keys and counts failed keys per client address before it
 * looks one up); valid answers are cached for 15 s by the secret's hash, and concurrent checks of one key share a
 * request. Invalid keys are not cached: each one reaches identity and counts against the sender's limit.
 */
@Injectable()
export class ApiKeyVerifier {
  private readonly logger = new Logger(ApiKeyVerifier.name);
  private readonly cache: AnswerCache<string, ApiKeyPrincipal, string>;

  constructor(
    private readonly upstreams: Upstreams,
    private readonly signer: CallerContextSigner,
    @Optional() @Inject(API_KEY_CLOCK) clock: ApiKeyClock = Date,
  ) {
    this.cache = new AnswerCache({
      max: 10_000,
      ttl: API_KEY_CACHE_TTL_MS,
      // Reads the clock on every check (cheap) rather than caching it for a millisecond: a moved clock counts at once.
      perf: clock,
      ttlResolution: 0,
      fetchMethod: async (hash, _stale, { context: clientIp, options }) => {
        const principal = await this.lookup(hash, clientIp);
        // A key that expires sooner than the cache would keep it is kept only until then.
        if (principal?.expiresAt)
          options.ttl = Math.max(1, Math.min(API_KEY_CACHE_TTL_MS, Date.parse(principal.expiresAt) - clock.now()));
        return principal;
      },
    });
  }

  /** The key's principal; 401 for any key that does not work, 429 once the client sent too many of those. */
  async verify(secret: string, clientIp: string): Promise<ApiKeyPrincipal> {
    // A malformed key costs no look-up: it cannot match.
    if (!API_KEY_PATTERN.test(secret)) throw apiKeyError(ApiKeyErrorCode.Invalid);
    const hash = createHash('sha256').update(secret).digest('hex');
    const principal = await this.cache.fetch(hash, clientIp);
    if (!principal) throw apiKeyError(ApiKeyErrorCode.Invalid);
    return principal;
  }

  /** Drops the keys an access change stops: revoked, or of a user, organization or account whose access changed. */
  forget(change: AccessChange): void {
    this.cache.forget(
      (_hash, key) =>
        includes(change.keyIds, key.keyId) ||
        includes(change.userIds, key.userId) ||
        includes(change.organizationIds, key.organizationId) ||
        includes(change.accountIds, key.accountId),
    );
  }

  forgetAll(): void {
    this.cache.clear();
  }

  private async lookup(hash: string, clientIp: string): Promise<ApiKeyPrincipal | undefined> {
    const context = await this.signer.sign(
      { userId: VERIFIER_SUBJECT, systemAdmin: false, accountId: null, organizationId: null, role: null },
      'identity',
    );
    const response = await this.upstreams.of('identity').request({
      method: 'POST',
      path: '/internal/api-keys/verify',
      headers: { [CALLER_CONTEXT_HEADER]: context, 'content-type': 'application/json' },
      body: JSON.stringify({ hash, clientIp }),
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    const text = await response.body.text();
    if (response.statusCode === 200) return JSON.parse(text) as ApiKeyPrincipal;
    if (response.statusCode === 404) return undefined;
    if (response.statusCode === 429) throw apiKeyError(ApiKeyErrorCode.Throttled);
    this.logger.error(`API key look-up failed with ${response.statusCode}: ${text.slice(0, 200)}`);
    throw new Error(`API key look-up failed with ${response.statusCode}`);
  }
}
