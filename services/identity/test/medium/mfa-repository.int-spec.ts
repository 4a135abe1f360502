// Medium test on a real PostgreSQL with identity's real migrations: a TOTP step is accepted once per user,
// even when two requests carry the same code at the same moment.
import { DataSource, Repository } from 'typeorm';
import { createTestDatabase, testDatabaseConfig } from '@infra/platform/testing';
import { identityService } from '../../src/identity.service-definition';
import { User } from '../../src/users/user.entity';
import { MfaRepository } from '../../src/mfa/mfa.repository';

jest.setTimeout(60_000);

let database: { name: string; drop: () => Promise<void> };
let dataSource: DataSource;
let users: Repository<User>;
let repository: MfaRepository;

beforeAll(async () => {
  database = await createTestDatabase('infra_it_mfa');
  const { entities, migrations } = identityService({} as never);
  dataSource = new DataSource({
    type: 'postgres',
    ...testDatabaseConfig(),
    username: testDatabaseConfig().user,
    database: database.name,
    entities,
    migrations,
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  users = dataSource.getRepository(User);
  repository = new MfaRepository(users);
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

async function newUser(
  fields: Partial<Pick<User, 'mfaSecret' | 'mfaPendingSecret' | 'mfaRecoveryCodes'>>,
): Promise<string> {
  const { identifiers } = await users.insert({
    email: `u${Date.now()}${Math.random()}@x.io`,
    passwordHash: 'h',
    ...fields,
  });
  return identifiers[0].id as string;
}

describe('MfaRepository on PostgreSQL', () => {
  it('lets exactly one of ten concurrent uses of a step win, and refuses that step and older ones afterwards', async () => {
    const id = await newUser({ mfaSecret: 'sealed' });
    const claims = await Promise.all(Array.from({ length: 10 }, () => repository.claimStep(id, 1000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repository.claimStep(id, 1000)).toBe(false);
    expect(await repository.claimStep(id, 999)).toBe(false);
    expect(await repository.claimStep(id, 1001)).toBe(true);
    expect((await users.findOneByOrFail({ id })).mfaLastStep).toBe(1001);
  });

  it('accepts no step for a user without MFA', async () => {
    const id = await newUser({});
    expect(await repository.claimStep(id, 5)).toBe(false);
  });

  it('enrols with the pending secret once and records the step, so the enrolment code cannot sign in', async () => {
    const id = await newUser({ mfaPendingSecret: 'pending' });
    const results = await Promise.all([
      repository.completeEnrollment(id, 'pending', 2000),
      repository.completeEnrollment(id, 'pending', 2000),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await users.findOneByOrFail({ id })).toMatchObject({ mfaSecret: 'pending', mfaPendingSecret: null });
    expect(await repository.claimStep(id, 2000)).toBe(false);
  });

  it('uses a recovery code once', async () => {
    const id = await newUser({ mfaSecret: 'sealed', mfaRecoveryCodes: ['hash-a', 'hash-b'] });
    const uses = await Promise.all([
      repository.useRecoveryCode(id, 'hash-a'),
      repository.useRecoveryCode(id, 'hash-a'),
    ]);
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect((await users.findOneByOrFail({ id })).mfaRecoveryCodes).toEqual(['hash-b']);
  });
});
