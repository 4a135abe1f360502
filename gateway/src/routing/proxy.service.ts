import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Dispatcher, errors as undiciErrors } from 'undici';
import { SpanStatusCode } from '@opentelemetry/api';
import { MESSAGES, REQUEST_ID_HEADER, ServiceName } from '@infra/contracts';
import { CALLER_CONTEXT_HEADER, inSpan, SpanKind, traceHeaders } from '@infra/platform';
import { GatewayEnv } from '../gateway.env';
import { HOP_BY_HOP } from './upstream-pool';
import { Upstreams } from './upstreams';

/** Request headers a service may see. Cookies and Authorization stop at the gateway. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'content-disposition',
  'if-none-match',
  'if-modified-since',
  'user-agent',
  'organizationid',
  REQUEST_ID_HEADER,
];

/** Answers worth compressing (JSON pages of assets, CSV files), from this size on; smaller ones gain nothing. */
const COMPRESSIBLE_TYPE = /^(application\/json|text\/csv)\b/;
const MIN_COMPRESSED_BYTES = 1024;

/** Whether to gzip an upstream answer for this client (gzip: fast enough per request; brotli is not). */
function gzipsAnswer(req: Request, headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'] === undefined ? Infinity : Number(headers['content-length']);
  return (
    COMPRESSIBLE_TYPE.test(String(headers['content-type'] ?? '')) &&
    headers['content-encoding'] === undefined &&
    length >= MIN_COMPRESSED_BYTES &&
    req.method !== 'HEAD' &&
    req.acceptsEncodings('gzip') === 'gzip'
  );
}

/** Whether a request has a body: fetch sends `Content-Length: 0` for a bodiless POST. */
function hasRequestBody(req: Request): boolean {
  return (
    !['GET', 'HEAD'].includes(req.method) &&
    (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined)
  );
}

/** How long the gateway waits for a service's answer to start before it answers 504. */
export const UPSTREAM_HEADERS_TIMEOUT_MS = 30_000;

/** Forwards requests to the owning service over pooled keep-alive connections, streaming both bodies. */
@Injectable()
export class ProxyService {
  constructor(
    private readonly env: GatewayEnv,
    private readonly upstreams: Upstreams,
  ) {}

  /** Forwards the request and streams the answer back. */
  async forward(
    req: Request,
    res: Response,
    service: ServiceName,
    upstreamPath: string,
    callerContext?: string,
    { withSessionCookies = false } = {},
  ): Promise<void> {
    const upstream = await this.exchange(req, res, service, upstreamPath, callerContext, { withSessionCookies });
    await this.relay(req, res, upstream);
  }

  /** The request body read into memory within the route's limit (undefined when there is none). */
  async readBody(req: Request, res: Response): Promise<Buffer | undefined> {
    const limit = this.bodyLimitOf(res);
    if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge(limit);
    if (!hasRequestBody(req)) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of limited(req, limit)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /**
   * Sends the request to the service and returns its answer with the body unread. The request body streams
   * through, unless `body` gives it already read (`readBody`).
   */
  async exchange(
    req: Request,
    res: Response,
    service: ServiceName,
    upstreamPath: string,
    callerContext?: string,
    {
      withSessionCookies = false,
      body,
      headersTimeoutMs = UPSTREAM_HEADERS_TIMEOUT_MS,
    }: { withSessionCookies?: boolean; body?: Buffer; headersTimeoutMs?: number } = {},
  ): Promise<Dispatcher.ResponseData> {
    const limit = this.bodyLimitOf(res);
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > limit) throw tooLarge(limit);
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Only sign-in and sign-out see the session cookies (and where the user came from, to return there).
    if (withSessionCookies) {
      for (const name of ['cookie', 'referer'])
        if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    }
    headers['x-forwarded-for'] = req.ip ?? '';
    headers['x-forwarded-proto'] = req.protocol;
    if (callerContext) headers[CALLER_CONTEXT_HEADER] = callerContext;
    // A function: a replica that refuses the connection has read nothing, and the next one gets the stream afresh.
    const upstreamBody = hasRequestBody(req) ? (body ?? (() => Readable.from(limited(req, limit)))) : undefined;
    const attributes = { 'server.address': service, 'http.request.method': req.method, 'url.path': upstreamPath };
    // The service's span is a child of this one: the trace context goes with the request.
    return inSpan(`${req.method} ${service}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        const answer = await this.upstreams.of(service).request({
          method: req.method as Dispatcher.HttpMethod,
          path: upstreamPath,
          headers: { ...headers, ...traceHeaders() },
          body: upstreamBody,
          headersTimeout: headersTimeoutMs,
          bodyTimeout: 120_000,
        });
        span.setAttribute('http.response.status_code', answer.statusCode);
        if (answer.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        return answer;
      } catch (error) {
        throw this.upstreamError(error, service);
      }
    });
  }

  /** Writes an answer (a service's, or one kept for a replay) to the client, gzipped when that pays. */
  async relay(
    req: Request,
    res: Response,
    answer: { statusCode: number; headers: IncomingHttpHeaders; body: Readable },
    extraHeaders: Record<string, string> = {},
  ): Promise<void> {
    res.status(answer.statusCode);
    const gzip = gzipsAnswer(req, answer.headers);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === REQUEST_ID_HEADER) continue;
      if (gzip && name === 'content-length') continue;
      res.setHeader(name, value);
    }
    for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
    if (!gzip) {
      await pipeline(answer.body, res);
      return;
    }
    res.setHeader('Content-Encoding', 'gzip');
    res.append('Vary', 'Accept-Encoding');
    await pipeline(answer.body, zlib.createGzip(), res);
  }

  /** The route's own body limit (set by the API middleware for routes that take files), else BODY_LIMIT. */
  private bodyLimitOf(res: Response): number {
    const routeLimit: unknown = res.locals.bodyLimitBytes;
    return typeof routeLimit === 'number' ? routeLimit : this.env.bodyLimitBytes;
  }

  /** A failed exchange as the client sees it: 504 when the service did not answer in time, else 502. */
  upstreamError(error: unknown, service: ServiceName): Error {
    if (error instanceof HttpException) return error;
    const timedOut =
      error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError;
    const status = timedOut ? HttpStatus.GATEWAY_TIMEOUT : HttpStatus.BAD_GATEWAY;
    const cause = error instanceof Error ? error.message : String(error);
    return new HttpException(MESSAGES.unavailable, status, { cause: new Error(`${service}: ${cause}`) });
  }
}

function tooLarge(limitBytes: number): HttpException {
  return new HttpException(`Request body is larger than ${limitBytes} bytes`, HttpStatus.PAYLOAD_TOO_LARGE);
}

/** Streams the request body, refusing it once it grows past the limit (chunked bodies have no length). */
async function* limited(req: Request, limitBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limitBytes) throw tooLarge(limitBytes);
    yield chunk;
  }
}
