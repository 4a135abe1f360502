import { AccountAccess } from '../../src/accounts/account-access';
import { InvitationsRepository } from '../../src/invitations/invitations.repository';
import { InvitationsService } from '../../src/invitations/invitations.service';
import { MembersRepository } from '../../src/members/members.repository';
import { MembersService } from '../../src/members/members.service';
import type { PasswordResetService } from '../../src/password-reset/password-reset.service';
import { UsersRepository } from '../../src/users/users.repository';
import type { JobQueue } from '@infra/jobs';
import type { IdentityJobs } from '../../src/password-reset/password-reset.jobs';
import { callerOf, createAccount, createUser, noAccessChanges, securityLogOn } from './fixtures';
import { createScratchDatabase, ScratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

let db: ScratchDatabase;
let invitations: InvitationsService;
let members: MembersService;
const mailed: string[] = [];

beforeAll(async () => {
  db = await createScratchDatabase();
  const membersRepository = new MembersRepository(db.dataSource);
  const invitationsRepository = new InvitationsRepository(db.dataSource);
  const access = new AccountAccess(membersRepository);
  // The mail side is not under test: record what would be sent.
  const passwordReset = {
    sendInvitation: (user: { id: string }) => Promise.resolve(void mailed.push(`set-password:${user.id}`)),
  } as unknown as PasswordResetService;
  const jobs = {
    add: (name: string) => Promise.resolve(void mailed.push(name)),
  } as unknown as JobQueue<IdentityJobs>;
  invitations = new InvitationsService(
    invitationsRepository,
    membersRepository,
    new UsersRepository(db.dataSource),
    access,
    passwordReset,
    jobs,
    noAccessChanges,
    securityLogOn(db.dataSource),
  );
  members = new MembersService(
    membersRepository,
    invitationsRepository,
    access,
    noAccessChanges,
    securityLogOn(db.dataSource),
  );
});

afterAll(() => db.drop());

describe('pending invitations in the members list', () => {
  it("show the name the Admin typed (not the email as a name, and nothing of an existing user's own details)", async () => {
    const admin = await createUser(db.dataSource, { firstName: 'Ada', lastName: 'Admin' });
    const existing = await createUser(db.dataSource, {
      firstName: 'Real',
      lastName: 'Person',
      mobileNumber: '+15550142',
    });
    const { account } = await createAccount(db.dataSource, [[admin, 'Admin']]);
    const caller = callerOf(admin);

    await invitations.invite(caller, {
      accountId: account.id,
      email: 'Nina.New@medium.local',
      firstName: ' Nina ',
      lastName: 'New',
      role: 'User',
    });
    await invitations.invite(caller, {
      accountId: account.id,
      email: existing.email,
      firstName: 'Typed',
      role: 'Admin',
    });
    await invitations.invite(caller, { accountId: account.id, email: 'nameless@medium.local', role: 'User' });

    const pending = (await members.list(caller, account.id)).filter((member) => member.status === 'pending');
    expect(
      pending.map(({ email, firstName, lastName, role, userId }) => ({ email, firstName, lastName, role, userId })),
    ).toEqual(
      [
        { email: 'nameless@medium.local', firstName: '', lastName: '', role: 'User', userId: '' },
        { email: 'nina.new@medium.local', firstName: 'Nina', lastName: 'New', role: 'User', userId: '' },
        { email: existing.email, firstName: 'Typed', lastName: '', role: 'Admin', userId: '' },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(JSON.stringify(pending)).not.toContain('Real');
    expect(JSON.stringify(pending)).not.toContain('+15550142');
  });

  it('a new invitation to the same email replaces the typed name', async () => {
    const admin = await createUser(db.dataSource);
    const { account } = await createAccount(db.dataSource, [[admin, 'Admin']]);
    const caller = callerOf(admin);
    await invitations.invite(caller, {
      accountId: account.id,
      email: 'again@medium.local',
      firstName: 'Old',
      role: 'User',
    });
    await invitations.invite(caller, {
      accountId: account.id,
      email: 'again@medium.local',
      firstName: 'New',
      role: 'User',
    });
    const pending = (await members.list(caller, account.id)).filter((member) => member.status === 'pending');
    expect(pending.map((member) => member.firstName)).toEqual(['New']);
  });
});
