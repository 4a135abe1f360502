// Start-up configuration checks and graceful shutdown, on the built service processes.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { kafkaSaslForTests, pollUntil } from '@infra/platform/testing';

const ROOT = path.resolve(__dirname, '../..');
const entry = (name: string) => path.join(ROOT, `dist/services/${name}/src/main.js`);
jest.setTimeout(60_000);

describe('configuration is validated at start-up', () => {
  it.each([
    [{ PORT: 'not-a-port' }, 'PORT'],
    [{ KAFKA_BROKERS: 'no port here' }, 'KAFKA_BROKERS'],
    [{ DATABASE_PORT: '99999' }, 'DATABASE_PORT'],
    [{ CALLER_CONTEXT_PUBLIC_KEY: '' }, 'CALLER_CONTEXT_PUBLIC_KEY'],
  ])('stops with a message naming the bad variable (%j)', (override, variable) => {
    const result = spawnSync('node', [entry('inventory')], {
      env: { ...process.env, ...override },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain(variable);
  });
});

/**
 * A request the server is in the middle of: a GET to /health/live whose JSON body arrives in pieces, so the body
 * parser holds the request open until the last piece. Resolves with the status once the response has ended.
 */
function slowRequest(port: number, pieces: number, everyMs: number) {
  const body = JSON.stringify({ padding: 'x'.repeat(pieces * 4) });
  const size = Math.ceil(body.length / pieces);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'GET',
    path: '/health/live',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' },
  });
  const response = new Promise<{ status: number; endedAt: number }>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, endedAt: Date.now() }));
    });
    request.on('error', reject);
  });
  // The first piece is on the wire before the caller sends SIGTERM; the rest follow after it.
  const started = new Promise<void>((resolve) => request.write(body.slice(0, size), () => resolve()));
  let sent = 1;
  const timer = setInterval(() => {
    request.write(body.slice(sent * size, (sent + 1) * size));
    sent += 1;
    if (sent >= pieces) {
      clearInterval(timer);
      request.end();
    }
  }, everyMs);
  return { started, response };
}

describe('graceful shutdown', () => {
  it('lets requests in flight complete with 200 after SIGTERM, then exits 0', async () => {
    const port = 3_999 + Number(process.env.E2E_PORT_OFFSET ?? 20_000);
    const database = `${process.env.E2E_DATABASE_PREFIX ?? 'infra_test_'}events`;
    const child = spawn('node', [entry('events')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_NAME: database,
        LOG_LEVEL: 'warn',
        KAFKA_USERNAME: 'events',
        KAFKA_PASSWORD: kafkaSaslForTests('events').password,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    await pollUntil(
      'the service to be ready',
      () =>
        fetch(`http://127.0.0.1:${port}/health/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeoutMs: 45_000, intervalMs: 200 },
    );
    // Three requests in flight, finishing about 0.8 s, 1.2 s and 1.6 s after the signal.
    const inFlight = [slowRequest(port, 5, 200), slowRequest(port, 7, 200), slowRequest(port, 9, 200)];
    await Promise.all(inFlight.map((request) => request.started));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const responses = await Promise.all(inFlight.map((request) => request.response));
    const exit = await exited;
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    // They really were in flight: the last one ended well after the signal, and the process outlived it.
    expect(Math.max(...responses.map((response) => response.endedAt)) - signalledAt).toBeGreaterThan(1000);
    expect(exit.at).toBeGreaterThanOrEqual(Math.max(...responses.map((response) => response.endedAt)));
    expect({ code: exit.code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
