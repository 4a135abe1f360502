import { JwtService } from '@nestjs/jwt';
import type Redis from 'ioredis';
import { revokedSessionKey } from '@infra/contracts';
import { createRedis } from '@infra/platform';
import { sha256 } from '../../src/crypto/crypto';
import { RefreshToken } from '../../src/session/refresh-token.entity';
import { SessionRepository } from '../../src/session/session.repository';
import { TokenService } from '../../src/session/token.service';
import { User } from '../../src/users/user.entity';
import { createUser } from './fixtures';
import { createScratchDatabase, ScratchDatabase } from './scratch-database';

jest.setTimeout(60_000);

// Its own Redis database: the test deletes marks as a Redis restarted without its data would.
const REDIS_URL = process.env.IDENTITY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/8';

let db: ScratchDatabase;
let redis: Redis;
let tokens: TokenService;

beforeAll(async () => {
  db = await createScratchDatabase();
  redis = createRedis(REDIS_URL);
  const repository = new SessionRepository(
    db.dataSource.getRepository(User),
    db.dataSource.getRepository(RefreshToken),
  );
  tokens = new TokenService(new JwtService(), db.env, repository, redis);
});

afterAll(async () => {
  await redis.quit();
  await db.drop();
});

const familyOf = async (refreshToken: string) =>
  (await db.dataSource.getRepository(RefreshToken).findOneByOrFail({ tokenHash: sha256(refreshToken) })).familyId;

describe('revocation marks Redis lost', () => {
  it('are put back from PostgreSQL with the rest of their lifetime; live and long-revoked sign-ins get none', async () => {
    const user = await createUser(db.dataSource);
    const signedOut = await tokens.issue(user);
    const live = await tokens.issue(user);
    const longAgo = await tokens.issue(user);
    await tokens.revoke(signedOut.refreshToken);
    await tokens.revoke(longAgo.refreshToken);
    const [signedOutFamily, liveFamily, longAgoFamily] = await Promise.all(
      [signedOut, live, longAgo].map((pair) => familyOf(pair.refreshToken)),
    );
    // Revoked before an access token's lifetime: none of its access tokens can still be alive.
    await db.dataSource.query(
      `UPDATE refresh_tokens SET revoked_at = now() - make_interval(secs => $2 + 5) WHERE family_id = $1`,
      [longAgoFamily, db.env.ACCESS_TOKEN_TTL_SECONDS],
    );
    await redis.del([signedOutFamily, longAgoFamily].map(revokedSessionKey));

    expect(await tokens.restoreRevocationMarks()).toBe(1);
    expect(await redis.exists(revokedSessionKey(signedOutFamily))).toBe(1);
    const ttl = await redis.ttl(revokedSessionKey(signedOutFamily));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(db.env.ACCESS_TOKEN_TTL_SECONDS);
    expect(await redis.exists(revokedSessionKey(liveFamily))).toBe(0);
    expect(await redis.exists(revokedSessionKey(longAgoFamily))).toBe(0);
    // A mark Redis has is left as it is: nothing to put back.
    expect(await tokens.restoreRevocationMarks()).toBe(0);
  });
});
