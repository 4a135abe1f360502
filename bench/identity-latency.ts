// Sign-in latency and authenticated `GET users/profile` latency through the gateway, with autocannon at a
// fixed offered rate. Needs the product running (`npm start`); run `npm run bench:identity`.
// PROFILE_RATE=200 SIGNIN_RATE=20 DURATION=20 by default. Target: profile p95 < 20 ms.
// Then the account wall's cost (issue 23): identity's own reads of a request, behind and beyond the wall, same run
// (IDENTITY_DATABASE: `npm start`'s unless told; a product copy has a prefix). SAMPLES=300 by default.
import autocannon from 'autocannon';
import { DataSource } from 'typeorm';
import { asCaller } from '@infra/platform';
import { AccountsRepository } from '../services/identity/src/accounts/accounts.repository';
import { ApiKeysRepository } from '../services/identity/src/api-keys/api-keys.repository';
import { IDENTITY_ENTITIES } from '../services/identity/src/identity.entities';
import { InternalMembershipsRepository } from '../services/identity/src/internal/memberships.repository';
import { SecurityLogRepository } from '../services/identity/src/security-log/security-log.repository';
import { summarise } from './stats';
import { printWallCost } from './wall-cost';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const DURATION = Number(process.env.DURATION ?? 20);
// autocannon's overallRate fires each second's quota as one burst, which measures queueing, not latency.
// A few connections each paced at rate/N spread requests evenly (bursts of N every N/rate seconds).
const PACED_CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const SAMPLES = Number(process.env.SAMPLES ?? 300);

interface Run {
  latencies: number[];
  statuses: Map<number, number>;
  requests: number;
}

function run(options: autocannon.Options): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ latencies, statuses, requests: result.requests.total });
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

function report(label: string, result: Run, rate: number): void {
  const statuses = [...result.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
  process.stdout.write(
    `${summarise(label, result.latencies)}  (offered ${rate}/s for ${DURATION} s; statuses ${statuses})\n`,
  );
}

async function main(): Promise<void> {
  const credentials = { email: 'user@demo.local', password: 'Demo-User-Pass-1' };
  const token = await fetch(`${BASE_URL}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!token.ok)
    throw new Error(`sign-in failed (${token.status}): is the product running with demo data at ${BASE_URL}?`);
  const { accessToken } = (await token.json()) as { accessToken: string };

  const signInRate = Number(process.env.SIGNIN_RATE ?? 20);
  const signIn = await run({
    url: `${BASE_URL}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
    connections: 2,
    connectionRate: signInRate / 2,
    duration: DURATION,
  });
  report('POST /api/login (argon2id)', signIn, signInRate);

  const profileRate = Number(process.env.PROFILE_RATE ?? 200);
  const profile = await run({
    url: `${BASE_URL}/api/v1/users/profile`,
    headers: { authorization: `Bearer ${accessToken}` },
    connections: PACED_CONNECTIONS,
    connectionRate: profileRate / PACED_CONNECTIONS,
    duration: DURATION,
  });
  report('GET /api/v1/users/profile', profile, profileRate);
  await printIdentityWallCost(credentials.email);
}

/** The queries behind the profile, the gateway's membership look-up, the keys and the log, as the demo user's requests. */
async function printIdentityWallCost(email: string): Promise<void> {
  const database = process.env.IDENTITY_DATABASE ?? 'infra_identity';
  const owner = await new DataSource({
    type: 'postgres',
    host: process.env.DATABASE_HOST ?? '127.0.0.1',
    username: process.env.DATABASE_USER ?? 'postgres',
    database,
  }).initialize();
  const [caller] = (await owner.query(
    `SELECT u.id AS "userId", m.account_id AS "accountId", o.id AS "organizationId"
       FROM users u JOIN memberships m ON m.user_id = u.id JOIN organizations o ON o.account_id = m.account_id
      WHERE u.email = $1 LIMIT 1`,
    [email],
  )) as { userId: string; accountId: string; organizationId: string }[];
  await owner.destroy();
  if (!caller) throw new Error(`${email} has no organization in ${database}`);
  const { userId, accountId, organizationId } = caller;
  process.stdout.write(`the account wall's cost, ${SAMPLES} runs each (${database}):\n`);
  await printWallCost(
    'identity',
    database,
    (work) => asCaller({ ...caller, systemAdmin: false }, 'account', work),
    SAMPLES,
    {
      'profile (memberships, their organizations)': async (dataSource) => {
        const accounts = new AccountsRepository(dataSource);
        const memberships = await accounts.listMemberships(userId);
        return accounts.organizationsOf(memberships.map(({ account }) => account.id));
      },
      "gateway's membership look-up": (dataSource) =>
        new InternalMembershipsRepository(dataSource).roleInOrganization(organizationId, userId),
      "account's API keys": (dataSource) => new ApiKeysRepository(dataSource).list(accountId),
      'security log, first page': (dataSource) => new SecurityLogRepository(dataSource).page(accountId, {}, 0, 50),
    },
    IDENTITY_ENTITIES,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
