import { ApiKeyErrorCode, AccountErrorCode, OrganizationErrorCode } from '@infra/contracts';
import { DomainError } from '@infra/platform';
import type { AccessChanges } from '../../src/access-changes/access-changes';
import { AccountAccess } from '../../src/accounts/account-access';
import { ApiKeysRepository } from '../../src/api-keys/api-keys.repository';
import { ApiKeysService, MAX_FAILED_KEYS_PER_CLIENT } from '../../src/api-keys/api-keys.service';
import { sha256 } from '../../src/crypto/crypto';
import { MembersRepository } from '../../src/members/members.repository';
import type { AttemptCounter } from '../../src/session/attempt-counter';
import { callerOf, createAccount, createUser, failure, RecordedAccessChanges, securityLogOn } from './fixtures';
import { createScratchDatabase, ScratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

/** The Redis counter's contract in memory (its atomicity is tested on Redis in attempt-counter.int-spec.ts). */
class CountingMemory {
  readonly counts = new Map<string, number>();
  hit(keys: string[]): Promise<number[]> {
    return Promise.resolve(keys.map((key) => this.counts.set(key, (this.counts.get(key) ?? 0) + 1).get(key)!));
  }
  refund(key: string): Promise<void> {
    this.counts.set(key, Math.max(0, (this.counts.get(key) ?? 0) - 1));
    return Promise.resolve();
  }
}

let db: ScratchDatabase;
let counter: CountingMemory;
let service: ApiKeysService;
const recorded = new RecordedAccessChanges();
const accessChanges = recorded as unknown as AccessChanges;

beforeAll(async () => {
  db = await createScratchDatabase();
  counter = new CountingMemory();
  service = new ApiKeysService(
    new ApiKeysRepository(db.dataSource),
    new AccountAccess(new MembersRepository(db.dataSource)),
    counter as unknown as AttemptCounter,
    accessChanges,
    securityLogOn(db.dataSource),
  );
});

afterAll(() => db.drop());

async function tenants() {
  const [admin, user, intruder, root] = [
    await createUser(db.dataSource),
    await createUser(db.dataSource),
    await createUser(db.dataSource),
    await createUser(db.dataSource, { systemAdmin: true }),
  ];
  const ours = await createAccount(
    db.dataSource,
    [
      [admin, 'Admin'],
      [user, 'User'],
    ],
    ['East', 'West'],
  );
  const theirs = await createAccount(db.dataSource, [[intruder, 'Admin']], ['Theirs']);
  return { admin, user, intruder, root, ours, theirs };
}

const keyFor = (organizationId: string, role: 'User' | 'Admin' = 'User') => ({
  name: 'Import job',
  organizationId,
  role,
});
const verify = (secret: string) => service.verify(sha256(secret), `client-${secret.slice(-8)}`);

describe('API keys (identity, real migrations)', () => {
  it('an Admin creates a key shown once; the list shows its prefix, never the secret or its hash', async () => {
    const { admin, ours } = await tenants();
    const created = await service.create(callerOf(admin), ours.account.id, keyFor(ours.organizations[0].id));
    expect(created).toMatchObject({
      organizationId: ours.organizations[0].id,
      organizationName: 'East',
      role: 'User',
      createdBy: admin.id,
      prefix: created.secret.slice(0, 12),
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    const listed = await service.list(callerOf(admin), ours.account.id);
    expect(listed.map((key) => key.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(12));
    expect(JSON.stringify(listed)).not.toContain(sha256(created.secret));
    const [stored] = (await db.dataSource.query(`SELECT secret_hash FROM api_keys WHERE id = $1`, [created.id])) as {
      secret_hash: string;
    }[];
    expect(stored.secret_hash).toBe(sha256(created.secret));
  });

  it("another account's Admin gets 404 for our account and for our key ids under theirs; a User gets 403", async () => {
    const { admin, user, intruder, ours, theirs } = await tenants();
    const created = await service.create(callerOf(admin), ours.account.id, keyFor(ours.organizations[0].id));
    expect(await failure(service.list(callerOf(intruder), ours.account.id))).toBe(`404 ${AccountErrorCode.NotFound}`);
    expect(await failure(service.revoke(callerOf(intruder), ours.account.id, created.id))).toBe(
      `404 ${AccountErrorCode.NotFound}`,
    );
    expect(await failure(service.revoke(callerOf(intruder), theirs.account.id, created.id))).toBe(
      `404 ${ApiKeyErrorCode.NotFound}`,
    );
    expect(await failure(service.list(callerOf(user), ours.account.id))).toBe(`403 ${AccountErrorCode.AdminOnly}`);
    expect(await failure(service.create(callerOf(user), ours.account.id, keyFor(ours.organizations[0].id)))).toBe(
      `403 ${AccountErrorCode.AdminOnly}`,
    );
    // Naming their organization under our account is refused like an unknown one.
    expect(await failure(service.create(callerOf(admin), ours.account.id, keyFor(theirs.organizations[0].id)))).toBe(
      `404 ${OrganizationErrorCode.NotFound}`,
    );
    expect(await verify(created.secret)).toMatchObject({ keyId: created.id });
  });

  it('a valid key acts in its organization as its creator; use is recorded at most once a minute', async () => {
    const { admin, ours } = await tenants();
    const created = await service.create(callerOf(admin), ours.account.id, keyFor(ours.organizations[1].id, 'Admin'));
    expect(await verify(created.secret)).toEqual({
      keyId: created.id,
      accountId: ours.account.id,
      organizationId: ours.organizations[1].id,
      role: 'Admin',
      userId: admin.id,
      expiresAt: null,
    });
    const lastUsed = async () => (await service.list(callerOf(admin), ours.account.id))[0].lastUsedAt;
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await verify(created.secret);
    expect(await lastUsed()).toBe(first);
    await db.dataSource.query(`UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [
      created.id,
    ]);
    await verify(created.secret);
    expect(await lastUsed()).not.toBe(first);
  });

  it('revoking stops the key; revoking again answers the same', async () => {
    const { admin, ours } = await tenants();
    const created = await service.create(callerOf(admin), ours.account.id, keyFor(ours.organizations[0].id));
    await service.revoke(callerOf(admin), ours.account.id, created.id);
    const [revoked] = await service.list(callerOf(admin), ours.account.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await failure(verify(created.secret))).toBe(`404 ${ApiKeyErrorCode.NotFound}`);
    // Every gateway is told to drop the key it cached.
    expect(recorded.changes).toContainEqual({ keyIds: [created.id] });
    await service.revoke(callerOf(admin), ours.account.id, created.id);
    expect((await service.list(callerOf(admin), ours.account.id))[0].revokedAt).toBe(revoked.revokedAt);
  });

  it('an expired key stops working', async () => {
    const { admin, ours } = await tenants();
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const created = await service.create(callerOf(admin), ours.account.id, {
      ...keyFor(ours.organizations[0].id),
      expiresAt,
    });
    expect(await verify(created.secret)).toMatchObject({ expiresAt });
    await db.dataSource.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      created.id,
    ]);
    expect(await failure(verify(created.secret))).toBe(`404 ${ApiKeyErrorCode.NotFound}`);
  });

  it("a removed creator's keys stop working; a demoted creator's Admin key acts as User", async () => {
    const { admin, user, ours } = await tenants();
    await db.dataSource.query(`UPDATE memberships SET role = 'Admin' WHERE user_id = $1`, [user.id]);
    const byAdmin = await service.create(callerOf(admin), ours.account.id, keyFor(ours.organizations[0].id, 'Admin'));
    const byUser = await service.create(callerOf(user), ours.account.id, keyFor(ours.organizations[0].id, 'Admin'));
    await db.dataSource.query(`UPDATE memberships SET role = 'User' WHERE user_id = $1`, [user.id]);
    expect(await verify(byUser.secret)).toMatchObject({ role: 'User' });
    await db.dataSource.query(`DELETE FROM memberships WHERE user_id = $1`, [admin.id]);
    expect(await failure(verify(byAdmin.secret))).toBe(`404 ${ApiKeyErrorCode.NotFound}`);
  });

  it("a System Admin's key works while they are one, without being a member", async () => {
    const { root, ours } = await tenants();
    const created = await service.create(callerOf(root), ours.account.id, keyFor(ours.organizations[0].id, 'Admin'));
    expect(await verify(created.secret)).toMatchObject({ role: 'Admin', userId: root.id });
    await db.dataSource.query(`UPDATE users SET system_admin = false WHERE id = $1`, [root.id]);
    expect(await failure(verify(created.secret))).toBe(`404 ${ApiKeyErrorCode.NotFound}`);
  });

  it('holds at most 50 active keys per account, also under concurrent creations', async () => {
    const { admin, ours } = await tenants();
    const organizationId = ours.organizations[0].id;
    for (let i = 0; i < 48; i++) await service.create(callerOf(admin), ours.account.id, keyFor(organizationId));
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        service.create(callerOf(admin), ours.account.id, keyFor(organizationId)).then(
          () => 'created',
          (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
        ),
      ),
    );
    expect(results.sort()).toEqual([
      ApiKeyErrorCode.LimitReached,
      ApiKeyErrorCode.LimitReached,
      ApiKeyErrorCode.LimitReached,
      'created',
      'created',
    ]);
    const [newest] = await service.list(callerOf(admin), ours.account.id);
    await service.revoke(callerOf(admin), ours.account.id, newest.id);
    await expect(service.create(callerOf(admin), ours.account.id, keyFor(organizationId))).resolves.toBeDefined();
  });

  it('counts unknown keys per client before looking them up: past the limit even a valid key is refused', async () => {
    const { admin, ours } = await tenants();
    const created = await service.create(callerOf(admin), ours.account.id, keyFor(ours.organizations[0].id));
    const client = '198.51.100.77';
    await service.verify(sha256(created.secret), client);
    expect(counter.counts.get(`throttle:apikey:ip:${client}`)).toBe(0);
    for (let i = 0; i < MAX_FAILED_KEYS_PER_CLIENT; i++) {
      expect(await failure(service.verify(sha256(`unknown-${i}`), client))).toBe(`404 ${ApiKeyErrorCode.NotFound}`);
    }
    expect(await failure(service.verify(sha256(created.secret), client))).toBe(`429 ${ApiKeyErrorCode.Throttled}`);
    await expect(service.verify(sha256(created.secret), '198.51.100.78')).resolves.toMatchObject({
      keyId: created.id,
    });
  });
});
