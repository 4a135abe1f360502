// No request stops a process (issue 20): the hostile requests that answered 500 or made a service exit, sent through
// the real gateway. Each is a 400 (or 404) with the standard body, and every service is still the same live
// process afterwards (its start time did not change).
import { randomUUID } from 'node:crypto';
import manifest from '../../services.json';
import { ApiResponse, callAs, organizationSession } from './support/api-client';

jest.setTimeout(120_000);

const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const SERVICES = manifest.services.map((service) => ({
  name: service.name,
  base: `http://127.0.0.1:${service.port + PORT_OFFSET}`,
}));
const ERROR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LONE_SURROGATE = '\ud800';

let admin: ReturnType<typeof callAs>;
let user: ReturnType<typeof callAs>;
let startedAt: Record<string, string>;

/** prom-client's process_start_time_seconds: changes when a supervisor restarts the process. */
async function startTimes(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    SERVICES.map(async ({ name, base }) => {
      const metrics = await (await fetch(`${base}/metrics`)).text();
      return [name, /^process_start_time_seconds(?:\{[^}]*\})? (\S+)$/m.exec(metrics)?.[1] ?? 'missing'] as const;
    }),
  );
  return Object.fromEntries(entries);
}

function expectStandard400(response: ApiResponse, says: string | RegExp, code = 'BAD_REQUEST') {
  expect([response.status, response.body]).toEqual([
    400,
    { statusCode: 400, message: expect.stringMatching(says), errorId: expect.stringMatching(ERROR_ID), code },
  ]);
}

beforeAll(async () => {
  admin = callAs(await organizationSession('admin'));
  user = callAs(await organizationSession('user'));
  startedAt = await startTimes();
  expect(Object.values(startedAt)).not.toContain('missing');
});

describe('a custom timeHorizon PostgreSQL cannot hold (it stopped analytics)', () => {
  const horizon = encodeURIComponent('0000-01-01T00:00:00Z/0001-01-01T00:00:00Z');
  it.each([
    ['organization', 'organizations/cost-analysis'],
    ['asset', `assets/${randomUUID()}/cost-analysis`],
    ['collection', `collections/${randomUUID()}/cost-analysis`],
  ])('the %s cost analysis answers 400 ANALYTICS_HORIZON_INVALID to every role', async (_scope, path) => {
    for (const caller of [admin, user]) {
      expectStandard400(
        await caller('GET', `${path}?timeHorizon=${horizon}`),
        /timeHorizon/,
        'ANALYTICS_HORIZON_INVALID',
      );
    }
  });
});

describe('unpaired surrogates in JSON text (they answered 500)', () => {
  const run = randomUUID().slice(0, 8);
  it.each([
    [
      'PUT assets name',
      'PUT',
      'assets',
      { assets: [{ externalId: `i-${run}`, name: `a${LONE_SURROGATE}` }] },
      'assets.0.name',
    ],
    [
      'PUT assets externalId',
      'PUT',
      'assets',
      { assets: [{ externalId: LONE_SURROGATE, name: run }] },
      'assets.0.externalId',
    ],
    [
      'POST rules/preview',
      'POST',
      'rules/preview',
      { conditions: { sites: [`x${LONE_SURROGATE}`] } },
      'conditions.sites.0',
    ],
    [
      'POST rules',
      'POST',
      'rules',
      { name: LONE_SURROGATE, tagId: randomUUID(), conditions: { sites: ['x'] } },
      'name',
    ],
    [
      'POST users/saveUserCustomData',
      'POST',
      'users/saveUserCustomData',
      { data: { note: `\udc00${run}` } },
      'data.note',
    ],
  ])('%s: 400 naming the field', async (_name, method, path, body, field) => {
    expectStandard400(await admin(method, path, body), `${field} must not contain control characters or unpaired`);
  });

  it('a NUL in a query parameter is a 400 too', async () => {
    expect((await admin('GET', 'assets?search=a%00b')).status).toBe(400);
  });
});

describe('a list item that is an array instead of an object (it answered 500)', () => {
  it.each([
    ['PUT assets', 'PUT', 'assets', { assets: [[]] }, 'each item of assets must be an object'],
    ['POST tags/batch', 'POST', 'tags/batch', { tags: [[]] }, 'each item of tags must be an object'],
    [
      'PUT business-events/impact',
      'PUT',
      'business-events/impact',
      { businessEventId: randomUUID(), impacts: [[]] },
      'each item of impacts must be an object',
    ],
  ])('%s: 400', async (_name, method, path, body, says) => {
    expectStandard400(await admin(method, path, body), says);
  });
});

// Runs last (tests run in the order they are declared).
describe('afterwards', () => {
  it('every service is live and is the same process as before', async () => {
    for (const { base } of SERVICES) expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect(await startTimes()).toEqual(startedAt);
  });
});
