import { AccountErrorCode } from '@infra/contracts';
import { AccountAccess } from '../../src/accounts/account-access';
import { ApiKeysRepository } from '../../src/api-keys/api-keys.repository';
import { ApiKeysService } from '../../src/api-keys/api-keys.service';
import { MembersRepository } from '../../src/members/members.repository';
import type { SecurityEventQueryDto } from '../../src/security-log/security-log.dto';
import { SecurityLogRepository } from '../../src/security-log/security-log.repository';
import { SecurityLogService } from '../../src/security-log/security-log.service';
import type { AttemptCounter } from '../../src/session/attempt-counter';
import { callerOf, createAccount, createUser, failure, noAccessChanges, securityLogOn } from './fixtures';
import { createScratchDatabase, ScratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

let db: ScratchDatabase;
let keys: ApiKeysService;
let reader: SecurityLogService;

beforeAll(async () => {
  db = await createScratchDatabase();
  const access = new AccountAccess(new MembersRepository(db.dataSource));
  keys = new ApiKeysService(
    new ApiKeysRepository(db.dataSource),
    access,
    {} as AttemptCounter,
    noAccessChanges,
    securityLogOn(db.dataSource),
  );
  reader = new SecurityLogService(new SecurityLogRepository(db.dataSource), access);
});

afterAll(() => db.drop());

async function tenants() {
  const [admin, user, intruder] = [
    await createUser(db.dataSource),
    await createUser(db.dataSource),
    await createUser(db.dataSource),
  ];
  const ours = await createAccount(
    db.dataSource,
    [
      [admin, 'Admin'],
      [user, 'User'],
    ],
    ['East'],
  );
  const theirs = await createAccount(
    db.dataSource,
    [
      [intruder, 'Admin'],
      [user, 'User'],
    ],
    ['Theirs'],
  );
  return { admin, user, intruder, ours, theirs };
}

const query = (fields: Partial<SecurityEventQueryDto> = {}) => fields as SecurityEventQueryDto;

describe('security log (identity, real migrations)', () => {
  it('records API key creation and revocation with actor, subject and role, newest first; a second revocation adds nothing', async () => {
    const { admin, ours } = await tenants();
    const key = await keys.create(callerOf(admin), ours.account.id, {
      name: 'Nightly import',
      organizationId: ours.organizations[0].id,
      role: 'Admin',
    });
    await keys.revoke(callerOf(admin), ours.account.id, key.id);
    await keys.revoke(callerOf(admin), ours.account.id, key.id);
    const page = await reader.page(callerOf(admin), ours.account.id, query());
    expect(page.total).toBe(2);
    expect(
      page.items.map(({ kind, outcome, actorEmail, actorUserId, subject, detail }) => ({
        kind,
        outcome,
        actorEmail,
        actorUserId,
        subject,
        detail,
      })),
    ).toEqual([
      {
        kind: 'api-key-revoked',
        outcome: 'success',
        actorEmail: admin.email,
        actorUserId: admin.id,
        subject: 'Nightly import',
        detail: {},
      },
      {
        kind: 'api-key-created',
        outcome: 'success',
        actorEmail: admin.email,
        actorUserId: admin.id,
        subject: 'Nightly import',
        detail: { role: 'Admin' },
      },
    ]);
  });

  it("writes a user's event in each of their accounts, and each account's Admin reads only their own", async () => {
    const { admin, user, intruder, ours, theirs } = await tenants();
    await securityLogOn(db.dataSource).record(
      { accountsOfUser: user.id },
      {
        kind: 'sign-in',
        outcome: 'failure',
        actorUserId: user.id,
        detail: { reason: 'wrong-password' },
        clientAddress: '203.0.113.7',
      },
    );
    for (const [reader_, account] of [
      [admin, ours],
      [intruder, theirs],
    ] as const) {
      const page = await reader.page(callerOf(reader_), account.account.id, query());
      expect(page.items).toEqual([
        expect.objectContaining({
          kind: 'sign-in',
          outcome: 'failure',
          actorEmail: user.email,
          clientAddress: '203.0.113.7',
          detail: { reason: 'wrong-password' },
        }),
      ]);
    }
  });

  it("refuses another account's Admin (404, as if it did not exist) and a plain User (403)", async () => {
    const { user, intruder, ours } = await tenants();
    expect(await failure(reader.page(callerOf(intruder), ours.account.id, query()))).toBe(
      `404 ${AccountErrorCode.NotFound}`,
    );
    expect(await failure(reader.csv(callerOf(intruder), ours.account.id, query()))).toBe(
      `404 ${AccountErrorCode.NotFound}`,
    );
    expect(await failure(reader.page(callerOf(user), ours.account.id, query()))).toBe(
      `403 ${AccountErrorCode.AdminOnly}`,
    );
  });

  it('filters by kinds and by part of the actor email, pages, and exports CSV with formulas made text', async () => {
    const { admin, user, ours } = await tenants();
    const log = securityLogOn(db.dataSource);
    for (let i = 0; i < 3; i++)
      await log.record({ accountsOfUser: admin.id }, { kind: 'sign-in', actorUserId: admin.id });
    await log.record({ accountsOfUser: user.id }, { kind: 'mfa-enabled', actorUserId: user.id });
    await log.record(
      { accountId: ours.account.id },
      { kind: 'member-invited', actorUserId: admin.id, subject: '=HYPERLINK("http://x")@example.com' },
    );
    const signIns = await reader.page(callerOf(admin), ours.account.id, query({ kinds: 'sign-in', pageSize: 2 }));
    expect([signIns.total, signIns.items.length, signIns.pageSize]).toEqual([3, 2, 2]);
    const second = await reader.page(
      callerOf(admin),
      ours.account.id,
      query({ kinds: 'sign-in', pageSize: 2, page: 2 }),
    );
    expect(second.items).toHaveLength(1);
    const byUser = await reader.page(
      callerOf(admin),
      ours.account.id,
      query({ actor: user.email.slice(0, 13).toUpperCase() }),
    );
    expect(byUser.items.map((item) => item.kind)).toEqual(['mfa-enabled']);
    const both = await reader.page(callerOf(admin), ours.account.id, query({ kinds: 'mfa-enabled,member-invited' }));
    expect(both.items.map((item) => item.kind)).toEqual(['member-invited', 'mfa-enabled']);

    const csv = await reader.csv(callerOf(admin), ours.account.id, query({ kinds: 'member-invited' }));
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe('occurredAt,kind,outcome,actorEmail,actorUserId,subject,clientAddress,detail');
    expect(line).toContain(
      `,member-invited,success,${admin.email},${admin.id},"'=HYPERLINK(""http://x"")@example.com",,`,
    );
    expect(end).toBe('');
  });
});
