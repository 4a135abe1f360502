// Medium tier: identity's row-level security (issue 23, the second wall in the fifth database), on a scratch
// PostgreSQL database with the real migrations, read and written as a runtime role like the one the service serves as.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import { acrossTenants, asCaller, asUser, inOrganization } from '@infra/platform';
import { migratedTestDatabase, runtimeRoleDataSource, tablesOutsideTheAccountWall } from '@infra/platform/testing';
import { ApiKeysRepository } from '../../src/api-keys/api-keys.repository';
import { ACCOUNT_TABLES } from '../../src/database/migrations/1767400000000-account-wall';
import { IDENTITY_ENTITIES } from '../../src/identity.entities';
import { IDENTITY_MIGRATIONS } from '../../src/identity.service-definition';
import { InternalMembershipsRepository } from '../../src/internal/memberships.repository';

const ENTITIES = [...MESSAGING_ENTITIES, ...IDENTITY_ENTITIES];

describe("identity's account wall (row-level security, real PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let runtime: Awaited<ReturnType<typeof runtimeRoleDataSource>>;
  let owner: DataSource;
  let app: DataSource;
  // Ann belongs to A and C, Bob to B and C.
  const [ann, bob] = [randomUUID(), randomUUID()];
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  const organizationOf: Record<string, string> = {};

  /** One row of the account in every account table (as the owner: superuser, beyond the wall). */
  async function seed(accountId: string, members: string[]) {
    await owner.query(`INSERT INTO accounts (id, name, slug) VALUES ($1, $2, $2)`, [accountId, `acct-${accountId}`]);
    for (const user of members)
      await owner.query(`INSERT INTO memberships (account_id, user_id, role) VALUES ($1, $2, 'Admin')`, [
        accountId,
        user,
      ]);
    const [{ id: organizationId }] = (await owner.query(
      `INSERT INTO organizations (account_id, name) VALUES ($1, 'org') RETURNING id`,
      [accountId],
    )) as { id: string }[];
    organizationOf[accountId] = organizationId;
    await owner.query(
      `INSERT INTO invitations (account_id, email, role, token_hash, expires_at, first_name, last_name)
       VALUES ($1, 'new@example.com', 'User', $2, now() + interval '1 day', 'N', 'M')`,
      [accountId, randomUUID()],
    );
    await owner.query(
      `INSERT INTO api_keys (account_id, organization_id, name, role, secret_hash, prefix, created_by)
       VALUES ($1, $2, 'ci', 'User', $3, 'ia_x', $4)`,
      [accountId, organizationId, `hash-${accountId}`, members[0]],
    );
    await owner.query(`INSERT INTO security_events (account_id, kind, outcome) VALUES ($1, 'sign-in', 'success')`, [
      accountId,
    ]);
  }

  /** The accounts whose rows `table` shows (memberships: as `account/user` pairs). */
  async function seen(table: string): Promise<string[]> {
    if (table === 'memberships') {
      const rows = (await app.query(`SELECT account_id, user_id FROM memberships`)) as {
        account_id: string;
        user_id: string;
      }[];
      return rows.map((row) => `${row.account_id}/${row.user_id}`).sort();
    }
    const column = ACCOUNT_TABLES[table as keyof typeof ACCOUNT_TABLES];
    const rows = (await app.query(`SELECT DISTINCT ${column} AS account FROM "${table}"`)) as { account: string }[];
    return rows.map((row) => row.account).sort();
  }

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_identity',
      [...MESSAGING_MIGRATIONS, ...IDENTITY_MIGRATIONS],
      ENTITIES,
    );
    owner = database.dataSource;
    for (const user of [ann, bob])
      await owner.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'x')`, [user, `${user}@x.local`]);
    await seed(a, [ann]);
    await seed(b, [bob]);
    await seed(c, [ann, bob]);
    runtime = await runtimeRoleDataSource(database.name, ENTITIES);
    app = runtime.dataSource;
  });

  afterAll(async () => {
    await runtime?.drop();
    await database?.drop();
  });

  it('walls every table that names an account or an organization, and the accounts (the catalog test)', async () => {
    expect(await tablesOutsideTheAccountWall(owner)).toEqual([]);
  });

  it("shows a user their accounts' rows and their own memberships, an account its own, nothing outside a scope", async () => {
    const sorted = (...ids: string[]) => [...ids].sort();
    for (const table of Object.keys(ACCOUNT_TABLES)) {
      expect([table, await asUser(ann, () => seen(table))]).toEqual([table, sorted(a, c)]);
      expect([table, await inOrganization(organizationOf[b]!, () => seen(table), b)]).toEqual([table, [b]]);
      expect([table, await seen(table)]).toEqual([table, []]);
      expect([table, await acrossTenants('wall-test', () => seen(table))]).toEqual([table, sorted(a, b, c)]);
    }
    expect(await asUser(ann, () => seen('memberships'))).toEqual(sorted(`${a}/${ann}`, `${c}/${ann}`));
    expect(await inOrganization(organizationOf[c]!, () => seen('memberships'), c)).toEqual(
      sorted(`${c}/${ann}`, `${c}/${bob}`),
    );
    expect(await seen('memberships')).toEqual([]);
    // A request: Bob with B's organization selected sees B and C; a System Admin's, every account.
    const request = (systemAdmin: boolean) => ({
      organizationId: organizationOf[b]!,
      accountId: b,
      userId: bob,
      systemAdmin,
    });
    expect(await asCaller(request(false), 'account', () => seen('organizations'))).toEqual(sorted(b, c));
    expect(await asCaller(request(true), 'account', () => seen('organizations'))).toEqual(sorted(a, b, c));
  });

  it("answers a repository query that names another account's rows with nothing (a forgotten or wrong filter)", async () => {
    const memberships = new InternalMembershipsRepository(app);
    // Bob's organization in B, asked as Ann: as if the organization did not exist.
    expect(await asUser(ann, () => memberships.roleInOrganization(organizationOf[b]!, bob))).toBeUndefined();
    expect(await asUser(bob, () => memberships.roleInOrganization(organizationOf[b]!, bob))).toMatchObject({
      accountId: b,
      role: 'Admin',
    });
    const keys = new ApiKeysRepository(app);
    expect(await asUser(ann, () => keys.list(b))).toEqual([]);
  });

  it("refuses to write into an account the scope does not show, and joins one only in that account's scope", async () => {
    await expect(
      asUser(ann, () =>
        app.query(`INSERT INTO security_events (account_id, kind, outcome) VALUES ($1, 'planted', 'success')`, [b]),
      ),
    ).rejects.toThrow(/row-level security/);
    // Ann cannot make herself a member of B: her user alone writes no membership.
    await expect(
      asUser(ann, () =>
        app.query(`INSERT INTO memberships (account_id, user_id, role) VALUES ($1, $2, 'Admin')`, [b, ann]),
      ),
    ).rejects.toThrow(/row-level security/);
    const [, renamed] = (await asUser(ann, () =>
      app.query(`UPDATE organizations SET name = 'taken' WHERE account_id = $1`, [b]),
    )) as [unknown, number];
    expect(renamed).toBe(0);
  });
});
