import { Readable } from 'node:stream';
import { Dispatcher, Pool } from 'undici';

/** Hop-by-hop headers never cross a proxy (RFC 9110 §7.6.1): the gateway's and the local balancer's. */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

/** How often the gateway asks each replica of a service whether it is ready (only when it has several). */
export const UPSTREAM_PROBE_EVERY_MS = 1000;

/** A request to a service; a streamed body is given as a function, so that a refused connection can be retried. */
export type UpstreamRequest = Omit<Dispatcher.RequestOptions, 'origin' | 'body'> & {
  body?: Buffer | string | (() => Readable);
};

interface Replica {
  url: string;
  pool: Pool;
  ready: boolean;
}

/** Connection failures that prove the request never reached the service (any request may go to another replica). */
const REFUSED = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT']);
/**
 * A socket closed before the answer: the service may have acted on the request, so only a request that may be made
 * twice goes elsewhere. Most often a replica closing its idle keep-alive connections as it stops, just as one is
 * taken for a new request.
 */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
/** Methods whose second request changes nothing the first did not (RFC 9110 §9.2.2), as nginx's proxy_next_upstream. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** The largest streamed body of an idempotent request kept to send again after a cut; a larger one is not resent. */
export const RESEND_BODY_LIMIT_BYTES = 1024 * 1024;

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * The replicas of one service, as a Kubernetes Service spreads them: requests go round-robin to the replicas that
 * say they are ready (`GET /health/ready`, asked every second), and a request whose connection is refused (a replica
 * that just stopped) goes to the next one, as does an idempotent request (GET, PUT, DELETE) cut before its answer,
 * its body sent again. With one URL (a Kubernetes Service, which does this itself) it is a plain keep-alive pool and
 * asks nothing. Free of Nest: the local balancer in front of the gateways (deploy/scripts/lib/balancer.mjs) is this
 * pool too.
 */
export class UpstreamPool {
  private readonly replicas: Replica[];
  private turn = 0;
  private readonly probing?: NodeJS.Timeout;

  constructor(urls: string[], options: Pool.Options, probeEveryMs = UPSTREAM_PROBE_EVERY_MS) {
    this.replicas = urls.map((url) => ({ url, pool: new Pool(url, options), ready: true }));
    if (this.replicas.length > 1) {
      this.probing = setInterval(() => void this.probe(), probeEveryMs);
      this.probing.unref();
    }
  }

  async request(options: UpstreamRequest): Promise<Dispatcher.ResponseData> {
    const idempotent = IDEMPOTENT.has(options.method);
    const bodies = new AttemptBodies(options.body, idempotent);
    let failure: unknown;
    for (const replica of this.order()) {
      const body = bodies.next();
      if (body === CANNOT_RESEND) break;
      try {
        return await replica.pool.request({ ...options, body });
      } catch (error) {
        failure = error;
        const code = codeOf(error);
        if (!code || !(REFUSED.has(code) || (idempotent && CUT.has(code)))) throw error;
        replica.ready = false; // until its next answer to the probe
      }
    }
    throw failure;
  }

  /** The ready replicas from the next one's turn on, then the others (better a try than a certain failure). */
  private order(): Replica[] {
    if (this.replicas.length === 1) return this.replicas;
    const start = this.turn++ % this.replicas.length;
    const rotated = [...this.replicas.slice(start), ...this.replicas.slice(0, start)];
    return [...rotated.filter((replica) => replica.ready), ...rotated.filter((replica) => !replica.ready)];
  }

  /** Asks every replica whether it is ready (every `probeEveryMs` on its own). */
  async probe(): Promise<void> {
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const answer = await replica.pool.request({
            method: 'GET',
            path: '/health/ready',
            headersTimeout: 2000,
            bodyTimeout: 2000,
          });
          await answer.body.dump();
          replica.ready = answer.statusCode === 200;
        } catch {
          replica.ready = false;
        }
      }),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.probing);
    await Promise.all(this.replicas.map((replica) => replica.pool.close()));
  }
}

const CANNOT_RESEND = Symbol('cannot resend');

/**
 * The body of each attempt at one request. A streamed body is made anew while no attempt has read any of it (a
 * refused connection reads none); an idempotent request's is also kept as it streams (up to RESEND_BODY_LIMIT_BYTES)
 * so that it can be sent again whole after a cut. Otherwise there is nothing to send again.
 */
class AttemptBodies {
  private last?: Readable;
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private keptWhole = false;

  constructor(
    private readonly source: UpstreamRequest['body'],
    private readonly keep: boolean,
  ) {}

  next(): Buffer | string | Readable | undefined | typeof CANNOT_RESEND {
    if (typeof this.source !== 'function') return this.source;
    if (this.last?.readableDidRead) return this.keptWhole ? Buffer.concat(this.kept) : CANNOT_RESEND;
    this.last = this.keep ? Readable.from(this.keeping(this.source())) : this.source();
    return this.last;
  }

  private async *keeping(stream: Readable): AsyncGenerator<Buffer> {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      this.keptBytes += bytes.length;
      if (this.keptBytes <= RESEND_BODY_LIMIT_BYTES) this.kept.push(bytes);
      else this.kept = [];
      yield bytes;
    }
    this.keptWhole = this.keptBytes <= RESEND_BODY_LIMIT_BYTES;
  }
}
