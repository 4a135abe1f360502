import type { IncomingMessage } from 'node:http';
import { JsonLayout } from './json-layout';

/** Deepest nesting of objects and arrays a request body may have; real payloads stay far below it. */
export const MAX_JSON_DEPTH = 64;

/** Whether a JSON text (bytes) nests deeper than `limit`: scanned before JSON.parse, without recursion. */
export function jsonDepthExceeds(body: Buffer, limit = MAX_JSON_DEPTH): boolean {
  return layoutOf(body, limit).tooDeep;
}

/**
 * One pass over a small body: too deep, and whether a string holds a `\u` escape. Only an escape can put NUL or an
 * unpaired surrogate into a parsed body (a raw control byte is invalid JSON, bytes that are not UTF-8 decode to
 * U+FFFD), so a body without one needs no walk through its values (refuseUnsafeText).
 */
function layoutOf(body: Buffer, limit: number): JsonLayout {
  const layout = new JsonLayout(body.toString('latin1'), limit);
  layout.scan(body.length);
  return layout;
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
  const { tooDeep, unicodeEscapes } = layoutOf(body, MAX_JSON_DEPTH);
  if (unicodeEscapes) markUnicodeEscapes(req);
  if (tooDeep) throw tooDeepError();
}
