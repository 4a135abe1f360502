// The forwarder with the real proxy, between a client and a stand-in service on loopback ports (store in memory).
import express from 'express';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDEMPOTENCY_LIMITS } from '@infra/contracts';
import { toErrorResponse } from '@infra/platform';
import { FakeRedis } from '../../test/fake-redis';
import type { GatewayEnv } from '../gateway.env';
import { Upstreams } from '../routing/upstreams';
import { ProxyService } from '../routing/proxy.service';
import { IdempotencyStore } from './idempotency.store';
import { IdempotentForwarder } from './idempotent-forwarder';

/** What the stand-in service answers next, and how many requests reached it. */
const service = {
  executed: 0,
  status: 201,
  body: '{"id":"c1"}',
  headers: { 'content-type': 'application/json; charset=utf-8', 'set-cookie': 'x=1', location: '/collections/c1' },
  /** When set, the service answers only once it resolves (a slow write). */
  hold: undefined as Promise<void> | undefined,
};

let upstream: Server;
let gateway: Server;
let proxy: ProxyService;
let upstreams: Upstreams;
let forwarder: IdempotentForwarder;
let base: string;

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      service.executed += 1;
      const answer = () => {
        res.writeHead(service.status, service.headers);
        res.end(service.body);
      };
      if (service.hold) void service.hold.then(answer);
      else answer();
    });
  });
  const upstreamPort = await listen(upstream);
  const env = {
    serviceUrls: () => [`http://127.0.0.1:${upstreamPort}`],
    bodyLimitBytes: 1024 * 1024,
  } as unknown as GatewayEnv;
  upstreams = new Upstreams(env);
  proxy = new ProxyService(env, upstreams);
  forwarder = new IdempotentForwarder(proxy, new IdempotencyStore(new FakeRedis()));
  const app = express();
  app.use((req, res, next) => {
    forwarder
      .forward(req, res, 'inventory', req.originalUrl, 'signed-context', { caller: 'user:u1', organizationId: 'o1' })
      .catch(next);
  });
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const body = toErrorResponse(error);
    res.status(body.statusCode).json(body);
  });
  gateway = createServer(app);
  base = `http://127.0.0.1:${await listen(gateway)}`;
});

afterAll(async () => {
  await upstreams.onApplicationShutdown();
  gateway.close();
  upstream.close();
});

beforeEach(() => {
  service.hold = undefined;
  forwarder.clientWaitMs = 30_000;
  service.executed = 0;
  service.status = 201;
  service.body = '{"id":"c1"}';
});

const post = async (key: string | undefined, body = '{"name":"a"}', method = 'POST') => {
  const response = await fetch(`${base}/collections`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

describe('IdempotentForwarder', () => {
  it('replays status, body and headers (not cookies) of the first answer, marked as replayed', async () => {
    const first = await post('k-replay');
    const retry = await post('k-replay');
    expect(service.executed).toBe(1);
    expect([retry.status, retry.text]).toEqual([first.status, first.text]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(retry.headers.get('location')).toBe('/collections/c1');
    expect(retry.headers.get('set-cookie')).toBeNull();
    expect(first.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 422 to another body or method with the key, without executing it', async () => {
    await post('k-other');
    const other = await post('k-other', '{"name":"b"}');
    const put = await post('k-other', '{"name":"a"}', 'PUT');
    expect([other.status, JSON.parse(other.text).code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(put.status).toBe(422);
    expect(service.executed).toBe(1);
  });

  it('does not keep a 5xx answer: the retry executes again', async () => {
    service.status = 503;
    expect((await post('k-5xx')).status).toBe(503);
    service.status = 201;
    const retry = await post('k-5xx');
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(service.executed).toBe(2);
  });

  it('releases the key when the service cannot be reached (502), so the retry executes', async () => {
    const port = (upstream.address() as AddressInfo).port;
    upstream.close();
    await once(upstream, 'close');
    try {
      expect((await post('k-down')).status).toBe(502);
    } finally {
      upstream.listen(port, '127.0.0.1');
      await once(upstream, 'listening');
    }
    expect((await post('k-down')).status).toBe(201);
    expect(service.executed).toBe(1);
  });

  it('keeps the answer of a write that completes after its client got 504: the retry gets it, never a second write', async () => {
    let answer!: () => void;
    service.hold = new Promise((resolve) => (answer = resolve));
    forwarder.clientWaitMs = 50;
    const first = await post('k-slow');
    expect([first.status, JSON.parse(first.text).statusCode]).toEqual([504, 504]);
    const whileRunning = await post('k-slow');
    expect([whileRunning.status, JSON.parse(whileRunning.text).code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_FLIGHT']);
    answer();
    // The late answer is kept in the background: poll until the retry is replayed (generous deadline).
    let retry = await post('k-slow');
    for (
      const deadline = Date.now() + 10_000;
      retry.status === 409 && Date.now() < deadline;
      retry = await post('k-slow')
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect([retry.status, retry.text, retry.headers.get('idempotent-replayed')]).toEqual([201, '{"id":"c1"}', 'true']);
    expect(service.executed).toBe(1);
  });

  it('sends an answer too large to keep in full, says so, and refuses (409) to repeat the request', async () => {
    service.status = 200;
    service.body = JSON.stringify({ data: 'x'.repeat(IDEMPOTENCY_LIMITS.storedAnswerMaxBytes) });
    const first = await post('k-large');
    expect([first.status, first.text.length]).toEqual([200, service.body.length]);
    expect(first.headers.get('idempotency-stored')).toBe('false');
    const retry = await post('k-large');
    expect([retry.status, JSON.parse(retry.text).code]).toEqual([409, 'IDEMPOTENCY_ANSWER_NOT_STORED']);
    expect(service.executed).toBe(1);
  });

  it('forwards requests without a key as they are, every time', async () => {
    await post(undefined);
    await post(undefined);
    expect(service.executed).toBe(2);
  });
});
