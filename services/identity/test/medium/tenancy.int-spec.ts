import { DomainError } from '@infra/platform';
import { AccountsRepository } from '../../src/accounts/accounts.repository';
import { InternalMembershipsRepository } from '../../src/internal/memberships.repository';
import { InternalMembershipsService } from '../../src/internal/memberships.service';
import { OrganizationsRepository } from '../../src/organizations/organizations.repository';
import { UsersRepository } from '../../src/users/users.repository';
import { UsersService } from '../../src/users/users.service';
import { callerOf, createAccount, createUser } from './fixtures';
import { createScratchDatabase, ScratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

let db: ScratchDatabase;
let accounts: AccountsRepository;
let organizations: OrganizationsRepository;
let users: UsersRepository;
let usersService: UsersService;
let memberships: InternalMembershipsService;

beforeAll(async () => {
  db = await createScratchDatabase();
  accounts = new AccountsRepository(db.dataSource);
  organizations = new OrganizationsRepository(db.dataSource);
  users = new UsersRepository(db.dataSource);
  usersService = new UsersService(users, accounts);
  memberships = new InternalMembershipsService(new InternalMembershipsRepository(db.dataSource));
});

afterAll(() => db.drop());

async function twoTenants() {
  const [alice, bob, root] = [
    await createUser(db.dataSource),
    await createUser(db.dataSource),
    await createUser(db.dataSource, { systemAdmin: true }),
  ];
  const ours = await createAccount(db.dataSource, [[alice, 'Admin']], ['Ours East', 'Ours West']);
  const theirs = await createAccount(db.dataSource, [[bob, 'User']], ['Theirs']);
  return { alice, bob, root, ours, theirs };
}

describe('tenancy queries', () => {
  it("a member sees their accounts with their role; another tenant's account is not found", async () => {
    const { alice, ours, theirs } = await twoTenants();
    const listed = await accounts.listForCaller(callerOf(alice));
    expect(listed.map(({ account, role }) => [account.id, role])).toEqual([[ours.account.id, 'Admin']]);
    expect(await accounts.findForCaller(callerOf(alice), { slug: ours.account.slug })).toMatchObject({ role: 'Admin' });
    expect(await accounts.findForCaller(callerOf(alice), { slug: theirs.account.slug })).toBeUndefined();
    expect(await accounts.findForCaller(callerOf(alice), { id: theirs.account.id })).toBeUndefined();
  });

  it('a System Admin finds any account with Admin rights, but their profile holds no platform-wide list', async () => {
    const { root, theirs } = await twoTenants();
    expect(await accounts.findForCaller(callerOf(root), { id: theirs.account.id })).toMatchObject({ role: 'Admin' });
    const profile = await usersService.profile(callerOf(root));
    expect(profile.role).toBe('System Admin');
    expect(profile.accounts).toEqual([]);
    const selected = await usersService.profile(callerOf(root), theirs.organizations[0].id);
    expect(selected.accounts.map((account) => account.id)).toEqual([theirs.account.id]);
  });

  it("organizations: only the caller's; another tenant's id is not found, like a random one", async () => {
    const { alice, ours, theirs } = await twoTenants();
    const listed = await organizations.listOfMember(alice.id);
    expect(listed.map(({ organization }) => organization.name)).toEqual(['Ours East', 'Ours West']);
    expect(listed[0].accountName).toBe(ours.account.name);
    expect(await organizations.findForCaller(callerOf(alice), ours.organizations[0].id)).toMatchObject({
      role: 'Admin',
    });
    expect(await organizations.findForCaller(callerOf(alice), theirs.organizations[0].id)).toBeUndefined();
  });

  it('the gateway membership check: member, System Admin, another tenant and an unknown id', async () => {
    const { alice, root, ours, theirs } = await twoTenants();
    await expect(memberships.of(callerOf(alice), ours.organizations[0].id)).resolves.toMatchObject({ role: 'Admin' });
    await expect(memberships.of(callerOf(root), theirs.organizations[0].id)).resolves.toMatchObject({
      role: 'System Admin',
      accountId: theirs.account.id,
    });
    const other = await memberships.of(callerOf(alice), theirs.organizations[0].id).catch((error: unknown) => error);
    const unknown = await memberships
      .of(callerOf(alice), '00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(DomainError);
    expect([(other as DomainError).status, (other as DomainError).message]).toEqual([
      (unknown as DomainError).status,
      (unknown as DomainError).message,
    ]);
  });

  it('user details: shown to people sharing an account, never with secrets; hidden from other tenants', async () => {
    const { alice, bob, ours } = await twoTenants();
    const colleague = await createUser(db.dataSource);
    await createAccount(db.dataSource, []);
    await db.dataSource.query(`INSERT INTO memberships (account_id, user_id, role) VALUES ($1, $2, 'User')`, [
      ours.account.id,
      colleague.id,
    ]);
    const shown = await users.detailsVisibleTo(callerOf(alice), colleague.id);
    expect(shown).toMatchObject({ id: colleague.id, mfaEnabled: true });
    expect(Object.keys(shown!)).not.toEqual(expect.arrayContaining(['passwordHash']));
    expect(JSON.stringify(shown)).not.toContain('sealed-secret-never-selected');
    expect(JSON.stringify(shown)).not.toContain('not-a-real-hash');
    expect(await users.detailsVisibleTo(callerOf(alice), bob.id)).toBeUndefined();
    const profile = await usersService.profile(callerOf(alice));
    expect(JSON.stringify(profile)).not.toContain('not-a-real-hash');
  });

  it("lists the organizations a member may open (every account's), none of another tenant's", async () => {
    const { alice, bob, root, ours, theirs } = await twoTenants();
    const second = await createAccount(db.dataSource, [[alice, 'User']], ['Second']);
    const listed = await memberships.organizationsOf(callerOf(alice));
    expect(listed.sort()).toEqual([...ours.organizations, ...second.organizations].map((o) => o.id).sort());
    expect(listed).not.toContain(theirs.organizations[0].id);
    expect(await memberships.organizationsOf(callerOf(bob))).toEqual([theirs.organizations[0].id]);
    // A System Admin's platform-wide access is read from the signed context, not listed.
    expect(await memberships.organizationsOf(callerOf(root))).toEqual([]);
  });
});
