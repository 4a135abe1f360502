import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { RESEND_BODY_LIMIT_BYTES, UpstreamPool } from './upstream-pool';

/** A replica that answers `name:<body>` and says whether it is ready. */
interface FakeReplica {
  server: Server;
  url: string;
  ready: boolean;
  served: number;
  /** Reads each request whole, then closes the connection without answering (a replica stopping mid-request). */
  cutting?: boolean;
}

async function replica(name: string): Promise<FakeReplica> {
  const fake = { ready: true, served: 0 } as FakeReplica;
  fake.server = createServer((req, res) => {
    if (req.url === '/health/ready') {
      res.writeHead(fake.ready ? 200 : 503).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      fake.served += 1;
      if (fake.cutting) return void req.socket.destroy();
      res.end(`${name}:${body}`);
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

const stop = (fake: FakeReplica) =>
  new Promise<void>((resolve) => {
    fake.server.close(() => resolve());
    fake.server.closeAllConnections();
  });

/** A port nothing listens on (taken, then released). */
async function closedUrl(): Promise<string> {
  const fake = await replica('gone');
  await stop(fake);
  return fake.url;
}

const HOUR = 3_600_000; // the probe's own timer never fires in a test: each test probes when it means to

describe('UpstreamPool (the replicas of one service)', () => {
  let a: FakeReplica;
  let b: FakeReplica;
  let pool: UpstreamPool | undefined;

  beforeEach(async () => {
    [a, b] = await Promise.all([replica('a'), replica('b')]);
  });

  afterEach(async () => {
    await pool?.close();
    pool = undefined;
    await Promise.all([a, b].filter((fake) => fake.server.listening).map(stop));
  });

  const text = async (request: Parameters<UpstreamPool['request']>[0]) =>
    (await (await pool!.request(request)).body.text()).toString();

  it('spreads requests over the replicas in turn', async () => {
    pool = new UpstreamPool([a.url, b.url], { connections: 4 }, HOUR);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await text({ method: 'GET', path: '/x' }));
    expect(answers.sort()).toEqual(['a:', 'a:', 'b:', 'b:']);
  });

  it('sends nothing to a replica that says it is not ready, once asked', async () => {
    pool = new UpstreamPool([a.url, b.url], { connections: 4 }, HOUR);
    a.ready = false;
    await pool.probe();
    for (let i = 0; i < 4; i += 1) expect(await text({ method: 'GET', path: '/x' })).toBe('b:');
    expect(a.served).toBe(0);
    a.ready = true;
    await pool.probe();
    for (let i = 0; i < 4; i += 1) await text({ method: 'GET', path: '/x' });
    expect(a.served).toBe(2);
  });

  it('sends a refused request to the next replica, a streamed body included', async () => {
    pool = new UpstreamPool([await closedUrl(), b.url], { connections: 4 }, HOUR);
    for (let i = 0; i < 3; i += 1) {
      expect(await text({ method: 'GET', path: '/x' })).toBe('b:');
      expect(
        await text({ method: 'POST', path: '/x', body: () => Readable.from([Buffer.from('row 1\n'), 'row 2']) }),
      ).toBe('b:row 1\nrow 2');
    }
  });

  it('sends an idempotent request cut before its answer to the next replica, its streamed body again', async () => {
    pool = new UpstreamPool([a.url, b.url], { connections: 4 }, HOUR);
    a.cutting = true;
    const rows = () => Readable.from([Buffer.from('row 1\n'), 'row 2']);
    for (let i = 0; i < 2; i += 1) expect(await text({ method: 'PUT', path: '/x', body: rows })).toBe('b:row 1\nrow 2');
    expect(a.served).toBe(1);
  });

  it('does not send again a cut request that may not be made twice, or whose body was too large to keep', async () => {
    pool = new UpstreamPool([a.url, b.url], { connections: 4 }, HOUR);
    a.cutting = true;
    b.cutting = true;
    const large = () => Readable.from([Buffer.alloc(RESEND_BODY_LIMIT_BYTES), Buffer.from('x')]);
    for (const request of [
      { method: 'POST', path: '/x', body: () => Readable.from(['row 1']) },
      { method: 'PUT', path: '/x', body: large },
    ] as const) {
      const served = a.served + b.served;
      await expect(pool.request(request)).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
      expect(a.served + b.served).toBe(served + 1);
    }
  });

  it('still tries a replica marked not ready when no other is left', async () => {
    pool = new UpstreamPool([a.url, b.url], { connections: 4 }, HOUR);
    a.ready = false;
    b.ready = false;
    await pool.probe();
    expect(await text({ method: 'GET', path: '/x' })).toMatch(/^[ab]:$/);
  });

  it('fails like a single pool when every replica refuses', async () => {
    pool = new UpstreamPool([await closedUrl(), await closedUrl()], { connections: 4 }, HOUR);
    await expect(pool.request({ method: 'POST', path: '/x', body: 'x' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
