// Rows for medium tests, written straight to the scratch database.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AccessChange } from '@infra/contracts';
import { type CallerContext, DomainError } from '@infra/platform';
import type { AccessChanges } from '../../src/access-changes/access-changes';
import { Account, AccountRoleName, Membership } from '../../src/accounts/account.entity';
import { Organization } from '../../src/organizations/organization.entity';
import { SecurityLog } from '../../src/security-log/security-log';
import { SecurityLogRepository } from '../../src/security-log/security-log.repository';
import { User } from '../../src/users/user.entity';

export async function createUser(dataSource: DataSource, overrides: Partial<User> = {}): Promise<User> {
  const users = dataSource.getRepository(User);
  return users.save(
    users.create({
      email: `user-${randomUUID()}@medium.local`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Medium',
      mfaSecret: 'sealed-secret-never-selected',
      ...overrides,
    }),
  );
}

export async function createAccount(
  dataSource: DataSource,
  members: [User, AccountRoleName][],
  organizationNames: string[] = [],
): Promise<{ account: Account; organizations: Organization[] }> {
  const slug = `acct-${randomUUID().slice(0, 8)}`;
  const account = await dataSource.getRepository(Account).save({ name: `Account ${slug}`, slug });
  for (const [user, role] of members) {
    await dataSource.getRepository(Membership).insert({ accountId: account.id, userId: user.id, role });
  }
  const organizations: Organization[] = [];
  for (const name of organizationNames) {
    organizations.push(await dataSource.getRepository(Organization).save({ accountId: account.id, name }));
  }
  return { account, organizations };
}

export function callerOf(user: User): CallerContext {
  return {
    userId: user.id,
    email: user.email,
    systemAdmin: user.systemAdmin,
    accountId: null,
    organizationId: null,
    role: null,
  };
}

/** The access changes a service published, recorded instead of sent to the gateways. */
export class RecordedAccessChanges {
  readonly changes: AccessChange[] = [];
  published(change: AccessChange): Promise<void> {
    this.changes.push(change);
    return Promise.resolve();
  }
}

/** What a call failed with, as `<status> <code>` (or why it was no domain error), for one-line expectations. */
export async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return error instanceof DomainError ? `${error.status} ${error.code}` : `no domain error: ${String(error)}`;
}

/** The real security log on a scratch database. */
export const securityLogOn = (dataSource: DataSource) => new SecurityLog(new SecurityLogRepository(dataSource));

/** For tests that do not look at access changes. */
export const noAccessChanges = new RecordedAccessChanges() as unknown as AccessChanges;
