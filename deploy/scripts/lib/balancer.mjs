// The local stand-in for the load balancer in front of the gateways (a Kubernetes Service or Ingress), used when the
// product runs two of everything (`npm run start:replicas`). It is the gateway's own pool of replicas
// (gateway/src/routing/upstream-pool.ts, built): round-robin over the gateways that answer /health/ready, asked every
// second; a refused connection goes to the next gateway, as does an idempotent request (GET, PUT, DELETE) cut before
// its answer. It appends the client to X-Forwarded-For (the gateways trust one hop).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ROOT } from './proc.mjs';

const UNAVAILABLE = 'Unable to complete your request. Try again later'; // MESSAGES.unavailable

/** The request body as a stream made on demand: a gateway that refused the connection has read none of it. */
async function* bodyOf(req) {
  for await (const chunk of req) yield chunk;
}

/** Listens on `port` and spreads requests over `upstreams` (the gateways' base URLs). Resolves with `close()`. */
export async function startBalancer({ port, upstreams, host = '0.0.0.0' }) {
  const require = createRequire(import.meta.url);
  const { UpstreamPool, HOP_BY_HOP } = require(path.join(ROOT, 'dist/gateway/src/routing/upstream-pool.js'));
  const { keepIdleConnectionsLonger } = require(path.join(ROOT, 'dist/libs/platform/src/http/keep-alive.js'));
  // Expect is answered here, by Node; undici refuses to send it on.
  const notForwarded = new Set([...HOP_BY_HOP, 'expect']);
  const withoutHopByHop = (headers) =>
    Object.fromEntries(
      Object.entries(headers).filter(([name, value]) => value !== undefined && !notForwarded.has(name)),
    );
  const pool = new UpstreamPool(upstreams, { connections: 128, keepAliveTimeout: 30_000 });

  const server = http.createServer(async (req, res) => {
    const headers = withoutHopByHop(req.headers);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-for'] = forwardedFor;
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    try {
      const answer = await pool.request({
        method: req.method,
        path: req.url,
        headers,
        body: hasBody ? () => Readable.from(bodyOf(req)) : undefined,
        headersTimeout: 120_000,
        bodyTimeout: 120_000,
      });
      const answerHeaders = withoutHopByHop(answer.headers);
      // An answer before the request's body was read (a 413 to a 10 MiB upload): the rest of that body is still on
      // the client's connection, so it must not carry another request (the client's next one was reset). The
      // gateway's own `Connection: close` is hop-by-hop and stops here: the balancer says it to its client itself.
      if (!req.complete) answerHeaders.connection = 'close';
      res.writeHead(answer.statusCode, answerHeaders);
      await pipeline(answer.body, res);
    } catch {
      if (res.headersSent) return void res.destroy();
      // The product's standard error body (libs/contracts ErrorResponse), as the gateway itself would answer.
      res.writeHead(502, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ statusCode: 502, message: UNAVAILABLE, errorId: randomUUID(), code: 'BAD_GATEWAY' }));
    }
  });
  // As the gateways do: Node's 5 s would close a connection a busy client is about to reuse (its write: EPIPE).
  keepIdleConnectionsLonger(server);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    close: async () => {
      await new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.close();
    },
  };
}
