import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_LIMITS } from '@infra/contracts';

/** The Redis commands the store uses (ioredis's signatures; the unit tests give an in-memory stand-in). */
export interface IdempotencyRedis {
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number, nx: 'NX'): Promise<'OK' | null>;
  get(key: string): Promise<string | null>;
  eval(script: string, numberOfKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * How long a key stays "in flight" when its gateway never finishes (a crash): longer than any request can take
 * (the proxy waits 30 s for headers and 120 s for a body), short enough that the key becomes usable again.
 */
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;

/** Replaces the record only while it is still this request's lease (it may have expired and been taken since). */
export const COMPLETE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return false`;

/** Deletes the record only while it is still this request's lease. */
export const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/** An answer as it is replayed. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Who a key belongs to: keys of different callers or organizations never meet. */
export interface IdempotencyScope {
  /** `user:<id>` or `api-key:<id>`. */
  caller: string;
  organizationId: string | null;
}

/** The right to execute a keyed request, held until it completes or is released. */
export interface Lease {
  readonly redisKey: string;
  readonly record: string;
}

export type Claim =
  | { outcome: 'execute'; lease: Lease }
  | { outcome: 'replay'; answer: StoredAnswer }
  | { outcome: 'in-flight' }
  | { outcome: 'reused' }
  | { outcome: 'not-stored'; status: number };

type Record_ =
  | { state: 'in-flight'; fingerprint: string; lease: string }
  | {
      state: 'done';
      fingerprint: string;
      status: number;
      headers?: Record<string, string | string[]>;
      /** base64; absent when the answer was too large to keep. */
      body?: string;
    };

/** What makes two requests "the same": SHA-256 over the method, the path with its query and the body. */
export function fingerprintOf(method: string, path: string, body: Buffer | undefined): string {
  const hash = createHash('sha256').update(`${method.toUpperCase()} ${path}\n`);
  if (body) hash.update(body);
  return hash.digest('hex');
}

/** The Redis key of an idempotency key; the client's key is hashed so any visible character is safe in it. */
export function redisKeyOf(scope: IdempotencyScope, key: string): string {
  const hashed = createHash('sha256').update(key).digest('hex');
  return `idempotency:${scope.caller}:${scope.organizationId ?? '-'}:${hashed}`;
}

/**
 * Idempotency records in Redis. A first request takes the key with SET NX (one winner among concurrent
 * requests) as an in-flight lease, and on completion replaces it with its answer, kept for 24 hours. Later
 * requests with the key get that answer, 409 while it is in flight, or 422 when their fingerprint differs.
 * Provided with the gateway's Redis connection (`gateway.module.ts`).
 */
export class IdempotencyStore {
  constructor(
    private readonly redis: IdempotencyRedis,
    private readonly options: { retentionMs: number; leaseMs: number } = {
      retentionMs: IDEMPOTENCY_LIMITS.retentionMs,
      leaseMs: IDEMPOTENCY_LEASE_MS,
    },
  ) {}

  async claim(scope: IdempotencyScope, key: string, fingerprint: string): Promise<Claim> {
    const redisKey = redisKeyOf(scope, key);
    const record = JSON.stringify({ state: 'in-flight', fingerprint, lease: randomUUID() } satisfies Record_);
    // A record released between the SET NX and the GET is gone: take the key again (a few times at most).
    for (let attempt = 0; attempt < 3; attempt++) {
      if ((await this.redis.set(redisKey, record, 'PX', this.options.leaseMs, 'NX')) === 'OK') {
        return { outcome: 'execute', lease: { redisKey, record } };
      }
      const stored = await this.redis.get(redisKey);
      if (stored === null) continue;
      const existing = JSON.parse(stored) as Record_;
      if (existing.fingerprint !== fingerprint) return { outcome: 'reused' };
      if (existing.state === 'in-flight') return { outcome: 'in-flight' };
      if (existing.body === undefined) return { outcome: 'not-stored', status: existing.status };
      return {
        outcome: 'replay',
        answer: {
          status: existing.status,
          headers: existing.headers ?? {},
          body: Buffer.from(existing.body, 'base64'),
        },
      };
    }
    return { outcome: 'in-flight' };
  }

  /** Keeps the answer for replays; `body: undefined` remembers only that the request completed (too large). */
  async complete(
    lease: Lease,
    answer: { status: number; headers: StoredAnswer['headers']; body?: Buffer },
  ): Promise<void> {
    const { fingerprint } = JSON.parse(lease.record) as Record_;
    const done: Record_ = {
      state: 'done',
      fingerprint,
      status: answer.status,
      ...(answer.body ? { headers: answer.headers, body: answer.body.toString('base64') } : {}),
    };
    await this.redis.eval(
      COMPLETE_SCRIPT,
      1,
      lease.redisKey,
      lease.record,
      JSON.stringify(done),
      this.options.retentionMs,
    );
  }

  /** Forgets the key, so a retry executes the request (after a failure whose effect is unknown or absent). */
  async release(lease: Lease): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, lease.redisKey, lease.record);
  }
}
