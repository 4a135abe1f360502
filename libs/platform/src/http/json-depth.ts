import type { IncomingMessage } from 'node:http';

/** Deepest nesting of objects and arrays a request body may have; real payloads stay far below it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Nesting depth of a JSON text, scanned byte by byte before JSON.parse (no reviver, no recursion), so a
 * body nested thousands deep is refused before it reaches the validators that would recurse into it.
 * Brackets inside strings do not count. UTF-8 multi-byte sequences never contain these ASCII bytes.
 */
export function jsonDepthExceeds(body: Buffer, limit = MAX_JSON_DEPTH): boolean {
  return scanJson(body, limit).tooDeep;
}

/**
 * One pass over the text: too deep, and whether a string holds a `\u` escape. Only an escape can put NUL or an
 * unpaired surrogate into a parsed body (a raw control byte is invalid JSON, bytes that are not UTF-8 decode to
 * U+FFFD), so a body without one needs no walk through its values (refuseUnsafeText).
 */
function scanJson(body: Buffer, limit: number): { tooDeep: boolean; unicodeEscapes: boolean } {
  let depth = 0;
  let inString = false;
  let unicodeEscapes = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) {
        // backslash: skip the escaped character
        if (body[++i] === 0x75) unicodeEscapes = true;
      } else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > limit) return { tooDeep: true, unicodeEscapes };
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return { tooDeep: false, unicodeEscapes };
}

/** Requests whose JSON body has a `\u` escape in a string. */
const escapedBodies = new WeakSet<IncomingMessage>();

/** False when the request's parsed JSON body cannot hold NUL or an unpaired surrogate (no `\u` escape in it). */
export function jsonBodyMayHoldEscapes(req: IncomingMessage): boolean {
  return escapedBodies.has(req);
}

/** Notes that the request's JSON body has a `\u` escape in a string (refuseUnsafeText walks it). */
export function markUnicodeEscapes(req: IncomingMessage): void {
  escapedBodies.add(req);
}

/** The 400 of a body nested deeper than MAX_JSON_DEPTH. */
export function tooDeepError(): Error {
  return Object.assign(new Error(`JSON nesting is deeper than ${MAX_JSON_DEPTH} levels`), {
    status: 400,
    expose: true,
    type: 'entity.too.deep',
  });
}

/** body-parser `verify` hook: an over-deep JSON body is a 400, never a 500. */
export function refuseDeepJson(req: IncomingMessage, _res: unknown, body: Buffer): void {
  const { tooDeep, unicodeEscapes } = scanJson(body, MAX_JSON_DEPTH);
  if (unicodeEscapes) markUnicodeEscapes(req);
  if (tooDeep) throw tooDeepError();
}
