import { Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { errors as undiciErrors } from 'undici';
import {
  IDEMPOTENCY_LIMITS,
  IDEMPOTENCY_STORED_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyErrorCode,
  REQUEST_ID_HEADER,
  type ServiceName,
} from '@infra/contracts';
import { ProxyService, UPSTREAM_HEADERS_TIMEOUT_MS } from '../routing/proxy.service';
import { HOP_BY_HOP } from '../routing/upstream-pool';
import { idempotencyError, idempotencyKeyOf, KEYED_METHODS } from './idempotency-key';
import {
  fingerprintOf,
  IdempotencyStore,
  type IdempotencyScope,
  type Lease,
  type StoredAnswer,
} from './idempotency.store';

/**
 * How long a keyed write's answer is still awaited after the client got its 504: a slow write that completes in
 * that time is kept for the client's retry (which gets 409 until then), so the retry never executes it twice.
 * Shorter than the lease (`IDEMPOTENCY_LEASE_MS`), which a write slower still keeps until it expires.
 */
export const KEYED_UPSTREAM_WAIT_MS = 120_000;

type UpstreamAnswer = Awaited<ReturnType<ProxyService['exchange']>>;

/** Headers of an answer that a replay does not repeat: per-connection or per-response ones, and cookies. */
const NOT_REPLAYED = new Set([...HOP_BY_HOP, 'content-length', 'date', 'set-cookie', REQUEST_ID_HEADER]);

/**
 * Answers kept for replays. 5xx (and 408, 429) are not: the key is released so that the client's retry executes
 * the request again (after a 502 or 504 the write may or may not have happened; the retry finds out).
 */
export function isKeptAnswer(status: number): boolean {
  return status < 500 && status !== 408 && status !== 429;
}

function replayedHeaders(headers: IncomingHttpHeaders): StoredAnswer['headers'] {
  const kept: StoredAnswer['headers'] = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_REPLAYED.has(name)) kept[name] = value;
  }
  return kept;
}

/** Reads an answer up to `maxBytes`; past that, hands back what was read and the rest unread. */
async function readAtMost(
  body: AsyncIterable<Buffer>,
  maxBytes: number,
): Promise<{ chunks: Buffer[]; complete: boolean; rest: AsyncIterator<Buffer> }> {
  const rest = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    chunks.push(next.value);
    size += next.value.length;
    if (size > maxBytes) return { chunks, complete: false, rest };
  }
  return { chunks, complete: true, rest };
}

async function* concatenated(chunks: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* chunks;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * The gateway's idempotent writes (IETF draft "The Idempotency-Key HTTP Header Field"): an authenticated POST,
 * PUT or PATCH with an `Idempotency-Key` executes once per caller, organization and key; a retry within 24 hours
 * gets the first answer again (`Idempotent-Replayed: true`), 409 while the first is in flight, and 422 when it
 * differs from the first (method, path or body). Requests without the header are forwarded as they are.
 */
@Injectable()
export class IdempotentForwarder {
  private readonly logger = new Logger(IdempotentForwarder.name);

  /** How long the client waits for the answer to start (the proxy's own time-out); tests shorten it. */
  clientWaitMs = UPSTREAM_HEADERS_TIMEOUT_MS;

  constructor(
    private readonly proxy: ProxyService,
    private readonly store: IdempotencyStore,
  ) {}

  async forward(
    req: Request,
    res: Response,
    service: ServiceName,
    upstreamPath: string,
    callerContext: string,
    scope: IdempotencyScope,
  ): Promise<void> {
    const key = KEYED_METHODS.has(req.method) ? idempotencyKeyOf(req) : undefined;
    if (key === undefined) return this.proxy.forward(req, res, service, upstreamPath, callerContext);
    // The fingerprint needs the whole body, so a keyed request's body is read first (within the route's limit).
    const body = await this.proxy.readBody(req, res);
    const claim = await this.store.claim(scope, key, fingerprintOf(req.method, upstreamPath, body));
    switch (claim.outcome) {
      case 'reused':
        throw idempotencyError(IdempotencyErrorCode.KeyReused);
      case 'in-flight':
        throw idempotencyError(IdempotencyErrorCode.InFlight);
      case 'not-stored':
        throw idempotencyError(IdempotencyErrorCode.AnswerNotStored);
      case 'replay': {
        const { status, headers, body: answer } = claim.answer;
        return this.proxy.relay(
          req,
          res,
          {
            statusCode: status,
            headers: { ...headers, 'content-length': String(answer.length) },
            body: Readable.from([answer]),
          },
          { [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
        );
      }
      case 'execute':
        return this.execute(req, res, service, upstreamPath, callerContext, body, claim.lease);
    }
  }

  private async execute(
    req: Request,
    res: Response,
    service: ServiceName,
    upstreamPath: string,
    callerContext: string,
    body: Buffer | undefined,
    lease: Lease,
  ): Promise<void> {
    // The service is awaited longer than the client: after a 504 the write may still complete, and its answer is
    // what the retry must get (releasing the key on a 504 would let the retry execute it a second time).
    const exchange = this.proxy.exchange(req, res, service, upstreamPath, callerContext, {
      body,
      headersTimeoutMs: KEYED_UPSTREAM_WAIT_MS,
    });
    let timer: NodeJS.Timeout | undefined;
    const clientGaveUp = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.clientWaitMs);
    });
    let upstream: UpstreamAnswer | undefined;
    try {
      upstream = await Promise.race([exchange, clientGaveUp]);
    } catch (error) {
      await this.release(lease);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    if (upstream === undefined) {
      void this.keepLateAnswer(exchange, lease, service);
      throw this.proxy.upstreamError(new undiciErrors.HeadersTimeoutError(), service);
    }
    const { body: answer, stored } = await this.keep(upstream, lease, service);
    return this.proxy.relay(
      req,
      res,
      { statusCode: upstream.statusCode, headers: upstream.headers, body: answer },
      stored ? {} : { [IDEMPOTENCY_STORED_HEADER]: 'false' },
    );
  }

  /**
   * Keeps an answer's status, headers and body for replays, or releases the key for an answer that is not kept.
   * Returns the body still to send, and whether the answer could be stored (not when too large).
   */
  private async keep(
    upstream: UpstreamAnswer,
    lease: Lease,
    service: ServiceName,
  ): Promise<{ body: Readable; stored: boolean }> {
    if (!isKeptAnswer(upstream.statusCode)) {
      await this.release(lease);
      return { body: upstream.body, stored: true };
    }
    let read: Awaited<ReturnType<typeof readAtMost>>;
    try {
      read = await readAtMost(upstream.body, IDEMPOTENCY_LIMITS.storedAnswerMaxBytes);
    } catch (error) {
      upstream.body.destroy();
      await this.release(lease);
      throw this.proxy.upstreamError(error, service);
    }
    const { statusCode, headers } = upstream;
    // Kept before it is sent: an answer lost on its way to the client is what the retry comes for.
    if (read.complete) {
      await this.complete(lease, {
        status: statusCode,
        headers: replayedHeaders(headers),
        body: Buffer.concat(read.chunks),
      });
      return { body: Readable.from(read.chunks), stored: true };
    }
    // Too large to keep: remember that the request completed (a retry must not repeat it) and say so.
    await this.complete(lease, { status: statusCode, headers: {} });
    return { body: Readable.from(concatenated(read.chunks, read.rest)), stored: false };
  }

  /** The answer of a write whose client already got 504: kept for its retry, or the key released. */
  private async keepLateAnswer(exchange: Promise<UpstreamAnswer>, lease: Lease, service: ServiceName): Promise<void> {
    try {
      const { body } = await this.keep(await exchange, lease, service);
      body.resume();
    } catch (error) {
      // Still no answer (or a broken one): whether the write happened is unknown, so the key stays in flight
      // until its lease ends rather than letting a retry repeat it.
      this.logger.warn(
        `${service} did not answer an idempotent write in time; its key stays in flight until the lease ends: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }

  /** A write that happened is answered even when Redis fails now; the key then stays in flight until its lease ends. */
  private async complete(lease: Lease, answer: Parameters<IdempotencyStore['complete']>[1]): Promise<void> {
    try {
      await this.store.complete(lease, answer);
    } catch (error) {
      this.logger.error(
        `Keeping an idempotent answer failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async release(lease: Lease): Promise<void> {
    try {
      await this.store.release(lease);
    } catch (error) {
      this.logger.error(
        `Releasing an idempotency key failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
