// Behind a reverse proxy (Kubernetes puts ingress-nginx in front of the gateway): the sign-in throttle must count
// per real client, not per proxy. A second gateway of the product under test is started with TRUST_PROXY_HOPS=1 (as
// k8s/base/generated/gateway.yaml sets it) behind a small proxy that appends the client's address to
// X-Forwarded-For as nginx does. Counters live in the product's Redis (REDIS_URL), cleared after the test.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pollUntil } from '@infra/platform/testing';
import manifest from '../../services.json';
import { clearThrottles } from '../e2e/support/throttles';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../..');
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 10_000);
const GATEWAY_PORT = 8090 + OFFSET;
/** The address the proxy says each request came from (a test's stand-in for the client's socket). */
const CLIENT_HEADER = 'x-test-client-address';
/** Failed sign-ins one client may make before 429 (session.security.test.ts). */
const SIGN_IN_LIMIT = 50;

let gateway: ChildProcess;
let proxy: http.Server;
let proxyUrl: string;

const clearSignInThrottles = () => clearThrottles('throttle:*');

/** Forwards to the second gateway, appending the client's address to X-Forwarded-For as nginx does. */
function startProxy(): Promise<string> {
  proxy = http.createServer((req, res) => {
    const { [CLIENT_HEADER]: client = '192.0.2.1', ...headers } = req.headers;
    const forwarded = headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: GATEWAY_PORT,
        method: req.method,
        path: req.url,
        headers: { ...headers, 'x-forwarded-for': forwarded ? `${String(forwarded)}, ${String(client)}` : client },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)),
  );
}

/** A failed sign-in (an unknown email, so no account's own lockout counts) from `client`, through the proxy. */
async function failedSignIn(client: string, spoofed?: string): Promise<number> {
  const response = await fetch(`${proxyUrl}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: proxyUrl,
      [CLIENT_HEADER]: client,
      ...(spoofed ? { 'x-forwarded-for': spoofed } : {}),
    },
    body: JSON.stringify({ email: `proxy-${Math.random().toString(36).slice(2)}@nowhere.local`, password: 'wrong' }),
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  const serviceUrls = Object.fromEntries(
    manifest.services.map(({ name, port }) => [
      `SERVICE_URL_${name.toUpperCase()}`,
      `http://127.0.0.1:${port + OFFSET}`,
    ]),
  );
  gateway = spawn('node', [path.join(ROOT, 'dist/gateway/src/main.js')], {
    env: {
      ...process.env,
      ...serviceUrls,
      PORT: String(GATEWAY_PORT),
      METRICS_PORT: String(9470 + OFFSET),
      TRUST_PROXY_HOPS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await pollUntil(
    'the second gateway to answer',
    () =>
      fetch(`http://127.0.0.1:${GATEWAY_PORT}/api/v1`).then(
        (response) => response.ok,
        () => false,
      ),
    { timeoutMs: 60_000, intervalMs: 250 },
  );
  proxyUrl = await startProxy();
});

afterEach(clearSignInThrottles);

afterAll(async () => {
  await clearSignInThrottles();
  gateway?.kill('SIGTERM');
  await new Promise((resolve) => proxy?.close(resolve));
});

describe('behind one trusted proxy', () => {
  it("counts each client's failed sign-ins apart, and ignores the addresses a client writes itself", async () => {
    const first: number[] = [];
    // The client names another address in its own X-Forwarded-For each time: the proxy's entry is what counts.
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt += 1)
      first.push(await failedSignIn('198.51.100.7', `203.0.113.${attempt + 1}`));
    expect(first.slice(0, SIGN_IN_LIMIT).every((status) => status === 401)).toBe(true);
    expect(first[SIGN_IN_LIMIT]).toBe(429);
    // Another client behind the same proxy is not locked out by the first one.
    expect(await failedSignIn('198.51.100.8')).toBe(401);
    expect(await failedSignIn('198.51.100.7')).toBe(429);
  });
});
