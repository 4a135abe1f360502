import type { CallerContext } from '@infra/platform';
import type { MembersRepository } from '../members/members.repository';
import { AccountAccess } from './account-access';

const KNOWN = '11111111-1111-4111-8111-111111111111';
const UNKNOWN = '22222222-2222-4222-8222-222222222222';

describe('AccountAccess', () => {
  const members = {
    accountExists: jest.fn(async (id: string) => id === KNOWN),
    roleOf: jest.fn(async () => null),
  } as unknown as MembersRepository;
  const access = new AccountAccess(members);
  const systemAdmin = { userId: 'sa', systemAdmin: true } as CallerContext;

  it('gives a System Admin Admin rights in an account that exists', async () => {
    await expect(access.requireAdmin(systemAdmin, KNOWN)).resolves.toBeUndefined();
  });

  it('answers 404 to a System Admin for an unknown account (an invitation into one answered 500)', async () => {
    await expect(access.requireAdmin(systemAdmin, UNKNOWN)).rejects.toMatchObject({ status: 404 });
  });
});
