import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ApiKeyPrincipal } from '@infra/contracts';
import type { AccountRoleName } from '../accounts/account.entity';
import { Organization } from '../organizations/organization.entity';
import { ApiKey } from './api-key.entity';

/** A key as the list shows it: never the hash. */
export interface ApiKeyRow {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  role: AccountRoleName;
  prefix: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export type NewApiKey = Pick<
  ApiKey,
  'accountId' | 'organizationId' | 'name' | 'role' | 'secretHash' | 'prefix' | 'createdBy' | 'expiresAt'
>;

/** `last_used_at` is written at most once a minute per key: a busy script must not turn every request into a write. */
const LAST_USED_RESOLUTION = `interval '1 minute'`;

/** Every query on API keys; each is filtered by the account, except `verify`, which is by the secret's hash. */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The account's keys (revoked and expired ones too, with their state), newest first. */
  list(accountId: string): Promise<ApiKeyRow[]> {
    return keyRows(this.dataSource.manager)
      .where('key.account_id = :accountId', { accountId })
      .orderBy('key.created_at', 'DESC')
      .getRawMany<ApiKeyRow>();
  }

  async row(manager: EntityManager, accountId: string, keyId: string): Promise<ApiKeyRow | undefined> {
    return keyRows(manager)
      .where('key.account_id = :accountId AND key.id = :keyId', { accountId, keyId })
      .getRawOne<ApiKeyRow>();
  }

  /**
   * Locks the account row until the transaction ends, so two concurrent creations cannot both pass the limit on
   * active keys. `NO KEY UPDATE` leaves rows that reference the account (memberships, keys) insertable.
   */
  async lockAccount(manager: EntityManager, accountId: string): Promise<void> {
    await manager.query(`SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE`, [accountId]);
  }

  /** Keys of the account that are neither revoked nor expired. */
  countActive(manager: EntityManager, accountId: string): Promise<number> {
    return manager
      .getRepository(ApiKey)
      .createQueryBuilder('key')
      .where('key.account_id = :accountId AND key.revoked_at IS NULL', { accountId })
      .andWhere('(key.expires_at IS NULL OR key.expires_at > now())')
      .getCount();
  }

  /** Inserts the key when its organization belongs to the account (one statement); undefined otherwise. */
  async insert(manager: EntityManager, key: NewApiKey): Promise<string | undefined> {
    const [row] = (await manager.query(
      `INSERT INTO api_keys (account_id, organization_id, name, role, secret_hash, prefix, created_by, expires_at)
       SELECT o.account_id, o.id, $3, $4, $5, $6, $7, $8
         FROM organizations o
        WHERE o.id = $2 AND o.account_id = $1
       RETURNING id`,
      [key.accountId, key.organizationId, key.name, key.role, key.secretHash, key.prefix, key.createdBy, key.expiresAt],
    )) as { id: string }[];
    return row?.id;
  }

  /** Marks the key revoked (keeping the first revocation time); false when the account has no such key. */
  /** The key's name, and whether this call revoked it (`now`: false when it was revoked before); undefined: no such key. */
  async revoke(accountId: string, keyId: string): Promise<{ name: string; now: boolean } | undefined> {
    const [[row]] = (await this.dataSource.query(
      `WITH target AS (
         SELECT id, name, revoked_at IS NULL AS active FROM api_keys WHERE id = $1 AND account_id = $2 FOR UPDATE
       )
       UPDATE api_keys SET revoked_at = COALESCE(api_keys.revoked_at, now())
       FROM target WHERE api_keys.id = target.id
       RETURNING target.name, target.active`,
      [keyId, accountId],
    )) as [{ name: string; active: boolean }[], number];
    return row ? { name: row.name, now: row.active } : undefined;
  }

  /**
   * The key of this hash when it is usable (not revoked, not expired, its creator still a member of the account
   * or a System Admin), acting with the lower of its role and the creator's; records the use in the same
   * statement, at most once a minute.
   */
  async verify(secretHash: string): Promise<ApiKeyPrincipal | undefined> {
    const [row] = (await this.dataSource.query(
      `WITH usable AS (
         SELECT k.id, k.account_id, k.organization_id, k.created_by, k.expires_at,
                CASE WHEN k.role = 'Admin' AND (m.role = 'Admin' OR u.system_admin) THEN 'Admin' ELSE 'User' END AS role
           FROM api_keys k
           JOIN users u ON u.id = k.created_by
           LEFT JOIN memberships m ON m.account_id = k.account_id AND m.user_id = k.created_by
          WHERE k.secret_hash = $1
            AND k.revoked_at IS NULL
            AND (k.expires_at IS NULL OR k.expires_at > now())
            AND (m.user_id IS NOT NULL OR u.system_admin)
       ), touched AS (
         UPDATE api_keys SET last_used_at = now()
          WHERE id = (SELECT id FROM usable)
            AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_RESOLUTION})
       )
       SELECT id AS "keyId", account_id AS "accountId", organization_id AS "organizationId", role,
              created_by AS "userId", expires_at AS "expiresAt"
         FROM usable`,
      [secretHash],
    )) as (Omit<ApiKeyPrincipal, 'expiresAt'> & { expiresAt: Date | null })[];
    return row ? { ...row, expiresAt: row.expiresAt?.toISOString() ?? null } : undefined;
  }
}

/** Keys with their organization's name, as the list shows them. */
function keyRows(manager: EntityManager) {
  return manager
    .getRepository(ApiKey)
    .createQueryBuilder('key')
    .innerJoin(Organization, 'organization', 'organization.id = key.organization_id')
    .select([
      'key.id AS "id"',
      'key.name AS "name"',
      'key.organization_id AS "organizationId"',
      'organization.name AS "organizationName"',
      'key.role AS "role"',
      'key.prefix AS "prefix"',
      'key.created_by AS "createdBy"',
      'key.created_at AS "createdAt"',
      'key.expires_at AS "expiresAt"',
      'key.last_used_at AS "lastUsedAt"',
      'key.revoked_at AS "revokedAt"',
    ]);
}
