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
/** A socket closed before the answer: the service may have started on it, so only reads go elsewhere. */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * The replicas of one service, as a Kubernetes Service spreads them: requests go round-robin to the replicas that
 * say they are ready (`GET /health/ready`, asked every second), and a request whose connection is refused (a replica
 * that just stopped) goes to the next one, as does a read cut before its answer. With one URL (a Kubernetes
 * Service, which does this itself) it is a plain keep-alive pool and asks nothing. Free of Nest: the local balancer
 * in front of the gateways (deploy/scripts/lib/balancer.mjs) is this pool too.
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
    let failure: unknown;
    for (const replica of this.order()) {
      const body = typeof options.body === 'function' ? options.body() : options.body;
      try {
        return await replica.pool.request({ ...options, body });
      } catch (error) {
        failure = error;
        const untouched = !(body instanceof Readable) || !body.readableDidRead;
        const code = codeOf(error);
        const read = options.method === 'GET' || options.method === 'HEAD';
        if (!untouched || !code || !(REFUSED.has(code) || (read && CUT.has(code)))) throw error;
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
