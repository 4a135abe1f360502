// Start-up configuration checks and graceful shutdown, on the built service processes.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { pollUntil } from '@infra/platform/testing';

const ROOT = path.resolve(__dirname, '../..');
const entry = (name: string) => path.join(ROOT, `dist/services/${name}/src/main.js`);
jest.setTimeout(60_000);

describe('configuration is validated at start-up', () => {
  it.each([
    [{ PORT: 'not-a-port' }, 'PORT'],
    [{ KAFKA_BROKERS: 'no port here' }, 'KAFKA_BROKERS'],
    [{ DATABASE_PORT: '99999' }, 'DATABASE_PORT'],
    [{ NODE_ENV: 'production' }, 'INTERNAL_CONTEXT_SECRET'],
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

describe('graceful shutdown', () => {
  it('finishes and exits 0 on SIGTERM', async () => {
    const port = 23_999;
    const child = spawn('node', [entry('events')], {
      env: { ...process.env, PORT: String(port), DATABASE_NAME: 'infra_test_events', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    await pollUntil(
      'the service to be ready',
      () =>
        fetch(`http://127.0.0.1:${port}/health/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeoutMs: 45_000, intervalMs: 200 },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
