import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * U+0000 and unpaired UTF-16 surrogates (JSON may spell them `\u0000`, `\ud800`): PostgreSQL stores neither (text
 * refuses NUL, jsonb refuses both), so such a string answered 500 wherever it reached a query.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The path (`assets.0.name`, as class-validator names nested fields) of the first string or object key holding
 * unsafe text, or undefined. Bodies are at most MAX_JSON_DEPTH deep (refuseDeepJson), so the recursion is bounded.
 */
export function unsafeTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return hasUnsafeText(value) ? path || 'value' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextPath(value[i], join(path, i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (hasUnsafeText(key)) return path || 'body';
    const found = unsafeTextPath(item, join(path, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Middleware after the body parsers: a parsed JSON body or a query parameter with unsafe text is a 400 naming the
 * field, before any validator or query sees it.
 */
export function refuseUnsafeText(req: Request, _res: Response, next: NextFunction): void {
  const inQuery = unsafeTextPath(req.query);
  // A body kept as bytes (an uploaded file, textAsBytes) is no parsed JSON: its checks are the file's own.
  const parsed = typeof req.body === 'object' && !Buffer.isBuffer(req.body);
  const field = inQuery ?? (parsed ? unsafeTextPath(req.body) : undefined);
  if (field === undefined) {
    next();
    return;
  }
  next(new BadRequestException(`${field} must not contain control characters or unpaired UTF-16 surrogates`));
}
