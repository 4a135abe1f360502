import { ForbiddenException, HttpException, HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { toErrorResponse } from '@infra/platform';
import { API_PREFIX } from '../routing/api-prefix';
import { DEFAULT_BODY_TYPES, RouteMatcher } from '../routing/route-table';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface WriteGuardOptions {
  /** PUBLIC_URL's origin, when set. */
  publicOrigin?: string;
  /** Origins allowed by CORS (they are the app's own clients too). */
  corsOrigins: readonly string[];
  matcher: RouteMatcher;
}

/** A body is present only when it has bytes: fetch sends `Content-Length: 0` for a bodiless POST. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function bodyTypesFor(req: Request, matcher: RouteMatcher): readonly string[] {
  // originalUrl: this middleware is mounted below /api, where req.path is relative.
  const pathname = req.originalUrl.split('?')[0];
  const path = pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length + 1) : undefined;
  return (path !== undefined ? matcher.match(req.method, path)?.rule.bodyTypes : undefined) ?? DEFAULT_BODY_TYPES;
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Did a request with the session cookie come from the app itself (not a form or script on a foreign site)? */
function fromOwnOrigin(req: Request, options: WriteGuardOptions): boolean {
  if (req.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  if (origin === options.publicOrigin || options.corsOrigins.includes(origin)) return true;
  return req.headers.host !== undefined && hostOf(origin) === req.headers.host;
}

/**
 * CSRF defence for /api: write bodies must be JSON (a cross-site HTML form cannot send it without a CORS
 * preflight), and an unsafe request that carries a cookie must come from the app's own origin. API clients
 * with a bearer token and no cookie are not affected by the origin check.
 */
export function writeGuard(options: WriteGuardOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const refuse = (exception: HttpException) => {
      const body = toErrorResponse(exception);
      res.status(body.statusCode).json(body);
    };
    if (hasBody(req)) {
      const allowed = bodyTypesFor(req, options.matcher);
      if (!req.is([...allowed])) {
        return refuse(
          new HttpException(`Request bodies must be ${allowed.join(' or ')}`, HttpStatus.UNSUPPORTED_MEDIA_TYPE),
        );
      }
    }
    if (req.headers.cookie && !fromOwnOrigin(req, options)) {
      return refuse(new ForbiddenException('Cross-site requests are not allowed'));
    }
    return next();
  };
}
