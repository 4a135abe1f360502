// Sign-in latency and authenticated `GET users/profile` latency through the gateway, with autocannon at a
// fixed offered rate. Needs the product running (`npm start`); run `npm run bench:identity`.
// PROFILE_RATE=200 SIGNIN_RATE=20 DURATION=20 by default. Target: profile p95 < 20 ms.
import autocannon from 'autocannon';
import { summarise } from './stats';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
const DURATION = Number(process.env.DURATION ?? 20);
// autocannon's overallRate fires each second's quota as one burst, which measures queueing, not latency.
// A few connections each paced at rate/N spread requests evenly (bursts of N every N/rate seconds).
const PACED_CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);

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
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
