import type { IncomingMessage } from 'node:http';

/** Deepest nesting of objects and arrays a request body may have; real payloads stay far below it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Nesting depth of a JSON text, scanned byte by byte before JSON.parse (no reviver, no recursion), so a
 * body nested thousands deep is refused before it reaches the validators that would recurse into it.
 * Brackets inside strings do not count. UTF-8 multi-byte sequences never contain these ASCII bytes.
 */
export function jsonDepthExceeds(body: Buffer, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return false;
}

/** body-parser `verify` hook: an over-deep JSON body is a 400, never a 500. */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (jsonDepthExceeds(body)) {
    throw Object.assign(new Error(`JSON nesting is deeper than ${MAX_JSON_DEPTH} levels`), {
      status: 400,
      type: 'entity.too.deep',
    });
  }
}
