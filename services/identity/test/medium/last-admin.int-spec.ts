import { DomainError } from '@infra/platform';
import { AccountAccess } from '../../src/accounts/account-access';
import { Membership } from '../../src/accounts/account.entity';
import { InvitationsRepository } from '../../src/invitations/invitations.repository';
import { MembersRepository } from '../../src/members/members.repository';
import { MembersService } from '../../src/members/members.service';
import { callerOf, createAccount, createUser, noAccessChanges, securityLogOn } from './fixtures';
import { createScratchDatabase, ScratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

let db: ScratchDatabase;
let members: MembersService;

beforeAll(async () => {
  db = await createScratchDatabase();
  const repository = new MembersRepository(db.dataSource);
  members = new MembersService(
    repository,
    new InvitationsRepository(db.dataSource),
    new AccountAccess(repository),
    noAccessChanges,
    securityLogOn(db.dataSource),
  );
});

afterAll(() => db.drop());

function statusOf(result: PromiseSettledResult<unknown>): number {
  if (result.status === 'fulfilled') return 200;
  if (result.reason instanceof DomainError) return result.reason.status;
  throw result.reason;
}

describe('the last-Admin rule under concurrent role changes', () => {
  it.each([1, 2, 3, 4, 5])(
    'two Admins demoting each other at once: one wins, the other gets 409 (round %i)',
    async () => {
      const [first, second] = [await createUser(db.dataSource), await createUser(db.dataSource)];
      const { account } = await createAccount(db.dataSource, [
        [first, 'Admin'],
        [second, 'Admin'],
      ]);
      const results = await Promise.allSettled([
        members.changeRole(callerOf(first), second.id, { accountId: account.id, role: 'User' }),
        members.changeRole(callerOf(second), first.id, { accountId: account.id, role: 'User' }),
      ]);
      expect(results.map(statusOf).sort()).toEqual([200, 409]);
      const admins = await db.dataSource.getRepository(Membership).countBy({ accountId: account.id, role: 'Admin' });
      expect(admins).toBe(1);
    },
  );

  it('two Admins removing each other at once: exactly one Admin remains', async () => {
    const [first, second] = [await createUser(db.dataSource), await createUser(db.dataSource)];
    const { account } = await createAccount(db.dataSource, [
      [first, 'Admin'],
      [second, 'Admin'],
    ]);
    const results = await Promise.allSettled([
      members.remove(callerOf(first), account.id, second.id),
      members.remove(callerOf(second), account.id, first.id),
    ]);
    // The loser gets 409 (last Admin) under the lock, or 404 when it was already removed before it started.
    const [winner, loser] = results.map(statusOf).sort();
    expect(winner).toBe(200);
    expect([404, 409]).toContain(loser);
    expect(await db.dataSource.getRepository(Membership).countBy({ accountId: account.id, role: 'Admin' })).toBe(1);
  });

  it('an Admin demoted meanwhile can no longer change anyone (403)', async () => {
    const [first, second, third] = [
      await createUser(db.dataSource),
      await createUser(db.dataSource),
      await createUser(db.dataSource),
    ];
    const { account } = await createAccount(db.dataSource, [
      [first, 'Admin'],
      [second, 'Admin'],
      [third, 'User'],
    ]);
    await members.changeRole(callerOf(first), second.id, { accountId: account.id, role: 'User' });
    await expect(
      members.changeRole(callerOf(second), third.id, { accountId: account.id, role: 'Admin' }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
