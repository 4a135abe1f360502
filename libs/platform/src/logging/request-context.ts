import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { REQUEST_ID_HEADER } from '@infra/contracts';

interface RequestContext {
  requestId: string;
  /** The client's address as Express computes it behind TRUST_PROXY_HOPS (HTTP requests only). */
  clientAddress?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request id of the HTTP request, Kafka message or job being handled, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The client address of the HTTP request being handled (the security log records it), if any. */
export function currentClientAddress(): string | undefined {
  return storage.getStore()?.clientAddress;
}

export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return storage.run({ requestId: requestId ?? randomUUID() }, work);
}

const SAFE_ID = /^[\w.:-]{1,128}$/;

/** Express middleware: adopt the caller's x-request-id (if sane) or mint one, echo it, and keep it for the request. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const requestId = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;
  (req as Request & { id: string }).id = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  storage.run({ requestId, clientAddress: req.ip }, next);
}
