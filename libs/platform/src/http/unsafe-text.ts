import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { jsonBodyMayHoldEscapes } from './json-depth';

/**
 * U+0000 and unpaired UTF-16 surrogates (JSON may spell them `\u0000`, `\ud800`): PostgreSQL stores neither (text
 * refuses NUL, jsonb refuses both), so such a string answered 500 wherever it reached a query.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/**
 * The path (`assets.0.name`, as class-validator names nested fields) of the first string or object key holding
 * unsafe text, or undefined. Bodies are at most MAX_JSON_DEPTH deep (refuseDeepJson), so the recursion is bounded.
 * The path is spelled only when found: 50,000 samples are 400,000 values to visit.
 */
export function unsafeTextPath(value: unknown): string | undefined {
  const path: (string | number)[] = [];
  const at = () => path.join('.');
  const visit = (item: unknown): string | undefined => {
    if (typeof item === 'string') return hasUnsafeText(item) ? at() || 'value' : undefined;
    if (item === null || typeof item !== 'object') return undefined;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        path.push(i);
        const found = visit(item[i]);
        path.pop();
        if (found !== undefined) return found;
      }
      return undefined;
    }
    for (const key in item) {
      if (!Object.hasOwn(item, key)) continue;
      if (hasUnsafeText(key)) return at() || 'body';
      path.push(key);
      const found = visit((item as Record<string, unknown>)[key]);
      path.pop();
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(value);
}

/**
 * Middleware after the body parsers: a parsed JSON body or a query parameter with unsafe text is a 400 naming the
 * field, before any validator or query sees it. A JSON body is walked only when its text has a `\u` escape.
 */
export function refuseUnsafeText(req: Request, _res: Response, next: NextFunction): void {
  const inQuery = unsafeTextPath(req.query);
  // A body kept as bytes (an uploaded file, textAsBytes) is no parsed JSON: its checks are the file's own.
  const parsed = typeof req.body === 'object' && req.body !== null && !Buffer.isBuffer(req.body);
  const field = inQuery ?? (parsed && mayHoldUnsafeText(req) ? unsafeTextPath(req.body) : undefined);
  if (field === undefined) {
    next();
    return;
  }
  next(new BadRequestException(`${field} must not contain control characters or unpaired UTF-16 surrogates`));
}

/** JSON parsed without a `\u` escape cannot; a body from another parser (urlencoded) is walked. */
function mayHoldUnsafeText(req: Request): boolean {
  return !req.is('application/json') || jsonBodyMayHoldEscapes(req);
}
