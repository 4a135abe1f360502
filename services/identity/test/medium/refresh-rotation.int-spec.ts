import { JwtService } from '@nestjs/jwt';
import type Redis from 'ioredis';
import { IsNull } from 'typeorm';
import { revokedSessionKey, SessionErrorCode } from '@infra/contracts';
import { sha256 } from '../../src/crypto/crypto';
import { RefreshToken } from '../../src/session/refresh-token.entity';
import { SessionRepository } from '../../src/session/session.repository';
import { TokenService } from '../../src/session/token.service';
import { User } from '../../src/users/user.entity';
import { createUser } from './fixtures';
import { createScratchDatabase, ScratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

let db: ScratchDatabase;
let tokens: TokenService;
const revokedKeys: string[] = [];

beforeAll(async () => {
  db = await createScratchDatabase();
  // Only `set` is used (revoked-session marks); recorded to check the family's access tokens are refused too.
  const redis = {
    set: (key: string) => {
      revokedKeys.push(key);
      return Promise.resolve('OK');
    },
  } as unknown as Redis;
  const repository = new SessionRepository(
    db.dataSource.getRepository(User),
    db.dataSource.getRepository(RefreshToken),
  );
  tokens = new TokenService(new JwtService(), db.env, repository, redis);
});

afterAll(() => db.drop());

const refused = expect.objectContaining({ code: SessionErrorCode.InvalidRefreshToken });

describe('refresh-token rotation under concurrent refreshes', () => {
  it('of ten concurrent uses of one refresh token exactly one wins, and the reuse revokes the family', async () => {
    const user = await createUser(db.dataSource);
    const issued = await tokens.issue(user);
    const { familyId } = await db.dataSource
      .getRepository(RefreshToken)
      .findOneByOrFail({ tokenHash: sha256(issued.refreshToken) });

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => tokens.rotate(issued.refreshToken)));
    const winners = results.filter((result) => result.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const result of results.filter((candidate) => candidate.status === 'rejected')) {
      expect(result.reason).toEqual(refused);
    }

    // Reuse was detected: every token of the sign-in is revoked and its access tokens are marked for the gateway.
    expect(revokedKeys).toContain(revokedSessionKey(familyId));
    const live = await db.dataSource.getRepository(RefreshToken).countBy({ familyId, revokedAt: IsNull() });
    expect(live).toBe(0);
    const winner = (winners[0] as PromiseFulfilledResult<{ refreshToken: string }>).value;
    await expect(tokens.rotate(winner.refreshToken)).rejects.toEqual(refused);
  });

  it('a sequential rotation works and a later reuse of the old token revokes the new one', async () => {
    const user = await createUser(db.dataSource);
    const first = await tokens.issue(user);
    const second = await tokens.rotate(first.refreshToken);
    await expect(tokens.rotate(first.refreshToken)).rejects.toEqual(refused);
    await expect(tokens.rotate(second.refreshToken)).rejects.toEqual(refused);
  });
});
