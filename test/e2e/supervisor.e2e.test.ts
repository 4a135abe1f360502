// A service process that dies is brought back by the supervisor of `npm start` / `npm test` (as Kubernetes'
// restartPolicy does), and while it is down only its own routes fail: at once, 502 with the standard body, which
// the web client retries for GETs.
import fs from 'node:fs';
import path from 'node:path';
import { codeForStatus, MESSAGES } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import manifest from '../../services.json';
import { callAs, organizationSession, OrganizationSession } from './support/api-client';

jest.setTimeout(180_000);

const PID_DIR = process.env.E2E_PID_DIR;
if (!PID_DIR)
  throw new Error('E2E_PID_DIR: the pid folder of the product under test (npm test and product-copy set it)');
const pidOf = (name: string) => Number(fs.readFileSync(path.join(PID_DIR, `${name}.pid`), 'utf8'));
const EVENTS_PORT =
  manifest.services.find((service) => service.name === 'events')!.port + Number(process.env.E2E_PORT_OFFSET ?? 0);
const supervisorLog = () => fs.readFileSync(path.join(PID_DIR, 'supervisor.log'), 'utf8');

let admin: OrganizationSession;
beforeAll(async () => {
  admin = await organizationSession('admin');
});

describe('a killed service', () => {
  it('answers 502 on its routes only while down, and is restarted by the supervisor', async () => {
    const as = callAs(admin);
    expect((await as('GET', 'business-events')).status).toBe(200);
    const killed = pidOf('events');
    process.kill(killed, 'SIGKILL');

    // Down: the gateway answers its routes with the standard body (no hanging until a time-out) …
    const down = await pollUntil(
      'the events service to be down',
      async () => {
        const response = await as('GET', 'business-events');
        return response.status !== 200 && response;
      },
      { timeoutMs: 30_000, intervalMs: 20 },
    );
    expect(down.status).toBe(502);
    expect(down.body).toEqual({
      statusCode: 502,
      message: MESSAGES.unavailable,
      errorId: expect.any(String),
      code: codeForStatus(502),
    });
    // … and the other services' routes are unaffected.
    expect((await as('GET', 'tags')).status).toBe(200);

    // Back by itself, as a new process, and the supervisor said which process exited, why and how often.
    await pollUntil('the events service to be back', async () => (await as('GET', 'business-events')).status === 200, {
      timeoutMs: 120_000,
      intervalMs: 250,
    });
    expect(pidOf('events')).not.toBe(killed);
    // Ready again (its Kafka consumer too) before the next test file relies on it.
    await pollUntil(
      'the events service to be ready',
      async () => (await fetch(`http://127.0.0.1:${EVENTS_PORT}/health/ready`)).ok,
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    expect(supervisorLog()).toMatch(/events exited \(signal SIGKILL\); restart \d+ in \d+ s/);
  });
});
