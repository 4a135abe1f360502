import { AccountsRepository } from '../../src/accounts/accounts.repository';
import { UsersRepository } from '../../src/users/users.repository';
import { UsersService } from '../../src/users/users.service';
import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION } from '@infra/contracts';
import { createUser } from './fixtures';
import { createScratchDatabase, ScratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

let db: ScratchDatabase;
let users: UsersService;

beforeAll(async () => {
  db = await createScratchDatabase();
  users = new UsersService(new UsersRepository(db.dataSource), new AccountsRepository(db.dataSource));
});

afterAll(() => db.drop());

describe('terms of service acceptance', () => {
  it('a user who never accepted is asked to (not "user not found"), and is not asked again once accepted', async () => {
    const user = await createUser(db.dataSource);
    expect(await users.acceptanceStatus(user.id)).toMatchObject({ accepted: false, acceptedAt: null });
    await users.accept(user.id, CURRENT_TERMS_VERSION, CURRENT_PRIVACY_VERSION);
    expect(await users.acceptanceStatus(user.id)).toMatchObject({ accepted: true, acceptedAt: expect.any(String) });
  });
});
