import { Injectable } from '@nestjs/common';
import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  ApiKeyDto,
  ApiKeyErrorCode,
  ApiKeyPrincipal,
  CreatedApiKeyDto,
  OrganizationErrorCode,
} from '@infra/contracts';
import { acrossTenants, type CallerContext } from '@infra/platform';
import { AccessChanges } from '../access-changes/access-changes';
import { AccountAccess } from '../accounts/account-access';
import { randomToken, sha256 } from '../crypto/crypto';
import { organizationError } from '../organizations/organizations.errors';
import { SecurityLog } from '../security-log/security-log';
import { AttemptCounter } from '../session/attempt-counter';
import { CreateApiKeyDto } from './api-keys.dto';
import { apiKeyError } from './api-keys.errors';
import { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

export const API_KEY_WINDOW_SECONDS = 15 * 60;
/** Unknown keys one client address may present per window before every key it sends is refused (429). */
export const MAX_FAILED_KEYS_PER_CLIENT = 20;

/**
 * A new secret and what is stored of it. SHA-256 (not argon2) is right here: the secret is 256 random bits, so
 * there is nothing to brute-force offline, and a fast hash keeps the gateway's look-up cheap.
 */
export function newSecret(): { secret: string; secretHash: string; prefix: string } {
  const secret = `${API_KEY_PREFIX}${randomToken()}`;
  return { secret, secretHash: sha256(secret), prefix: secret.slice(0, API_KEY_LIMITS.shownPrefixLength) };
}

export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** API keys of an account: Admins of the account (and System Admins) create, list and revoke them. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly access: AccountAccess,
    private readonly counter: AttemptCounter,
    private readonly accessChanges: AccessChanges,
    private readonly securityLog: SecurityLog,
  ) {}

  async list(caller: CallerContext, accountId: string): Promise<ApiKeyDto[]> {
    await this.access.requireAdmin(caller, accountId);
    return (await this.keys.list(accountId)).map(toApiKeyDto);
  }

  async create(caller: CallerContext, accountId: string, body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    await this.access.requireAdmin(caller, accountId);
    const { secret, secretHash, prefix } = newSecret();
    const row = await this.keys.transaction(async (manager) => {
      await this.keys.lockAccount(manager, accountId);
      if ((await this.keys.countActive(manager, accountId)) >= API_KEY_LIMITS.activePerAccountMax)
        throw apiKeyError(ApiKeyErrorCode.LimitReached);
      const id = await this.keys.insert(manager, {
        accountId,
        organizationId: body.organizationId,
        name: body.name.trim(),
        role: body.role,
        secretHash,
        prefix,
        createdBy: caller.userId,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      });
      // An organization of another account answers like one that does not exist.
      if (!id) throw organizationError(OrganizationErrorCode.NotFound);
      await this.securityLog.record(
        { accountId },
        { kind: 'api-key-created', actorUserId: caller.userId, subject: body.name.trim(), detail: { role: body.role } },
        manager,
      );
      return this.keys.row(manager, accountId, id);
    });
    if (!row) throw apiKeyError(ApiKeyErrorCode.NotFound);
    return { ...toApiKeyDto(row), secret };
  }

  /** Idempotent: revoking a revoked key answers the same; another account's key is not found. */
  async revoke(caller: CallerContext, accountId: string, keyId: string): Promise<void> {
    await this.access.requireAdmin(caller, accountId);
    const revoked = await this.keys.revoke(accountId, keyId);
    if (!revoked) throw apiKeyError(ApiKeyErrorCode.NotFound);
    if (revoked.now)
      await this.securityLog.record(
        { accountId },
        { kind: 'api-key-revoked', actorUserId: caller.userId, subject: revoked.name },
      );
    await this.accessChanges.published({ keyIds: [keyId] });
  }

  /**
   * The gateway's check of a presented key. The attempt is counted against the client address before the look-up
   * (like sign-in): of many concurrent guesses at most the limit are looked up; a valid key gives its count back.
   */
  async verify(secretHash: string, clientIp: string): Promise<ApiKeyPrincipal> {
    const throttleKey = `throttle:apikey:ip:${clientIp}`;
    const [attempts] = await this.counter.hit([throttleKey], API_KEY_WINDOW_SECONDS);
    if (attempts > MAX_FAILED_KEYS_PER_CLIENT) throw apiKeyError(ApiKeyErrorCode.Throttled);
    // The key alone says whose it is: the gateway asks before it knows any account.
    const principal = await acrossTenants('api-key-verify', () => this.keys.verify(secretHash));
    if (!principal) throw apiKeyError(ApiKeyErrorCode.NotFound);
    await this.counter.refund(throttleKey);
    return principal;
  }
}
