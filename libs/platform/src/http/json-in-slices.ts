import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { yieldToEventLoop } from '../event-loop';
import { markUnicodeEscapes, MAX_JSON_DEPTH, tooDeepError } from './json-depth';
import { JsonLayout } from './json-layout';

/**
 * Large JSON bodies parsed without holding the event loop. `JSON.parse` of a 13 MB body (50,000 telemetry samples)
 * is one synchronous step of a quarter of a second and more on a busy core, during which the service answers nothing
 * else, its health check included. Here the text is scanned a slice at a time for its layout (the top-level value's
 * members, and the elements of the arrays among them), then parsed a group of elements at a time with `JSON.parse`,
 * yielding between slices. Whatever the layout does not vouch for is parsed whole by `JSON.parse`, whose answer (a
 * value or its syntax error) is then the answer: the result is always `JSON.parse`'s.
 */

/** Bodies up to this size go to body-parser's `json` as before (parsed in about a millisecond). */
export const SLICED_JSON_MIN_BYTES = 256 * 1024;
/** Characters scanned between two yields (a few milliseconds). */
const SCAN_SLICE = 512 * 1024;
/** Characters of array elements given to one `JSON.parse` (a millisecond or two). */
const GROUP_CHARS = 64 * 1024;
/** Bytes decoded to text between two yields. */
const DECODE_SLICE = 1024 * 1024;

const isBlank = (text: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return false;
  }
  return true;
};

/** Thrown when the layout does not vouch for a piece: the whole text goes to `JSON.parse`. */
class NotVouched extends Error {}

/** The elements between `open` and `close` (commas at the array's own depth), a group per `JSON.parse`. */
async function parseElements(text: string, open: number, close: number, commas: readonly number[]): Promise<unknown[]> {
  const bounds = [open, ...commas, close];
  if (bounds.length === 2) {
    if (!isBlank(text, open + 1, close)) return JSON.parse(text.slice(open, close + 1)) as unknown[];
    return [];
  }
  for (let n = 0; n + 1 < bounds.length; n++) if (isBlank(text, bounds[n] + 1, bounds[n + 1])) throw new NotVouched();
  const elements: unknown[] = [];
  let groupStart = 0;
  for (let n = 1; n < bounds.length; n++) {
    if (n < bounds.length - 1 && bounds[n] - bounds[groupStart] < GROUP_CHARS) continue;
    const group = JSON.parse(`[${text.slice(bounds[groupStart] + 1, bounds[n])}]`) as unknown[];
    for (const element of group) elements.push(element);
    groupStart = n;
    if (n < bounds.length - 1) await yieldToEventLoop();
  }
  return elements;
}

/** The top-level object, member by member; a member whose value is an array is parsed a group at a time. */
async function parseMembers(text: string, layout: JsonLayout): Promise<Record<string, unknown>> {
  const { topOpen, topClose, commas1, colons1 } = layout;
  const result: Record<string, unknown> = {};
  const bounds = [topOpen, ...commas1, topClose];
  if (bounds.length === 2 && isBlank(text, topOpen + 1, topClose)) return result;
  const arrays = new Map(layout.arrays2.map((array) => [array.open, array]));
  let colon = 0;
  for (let n = 0; n + 1 < bounds.length; n++) {
    const [start, end] = [bounds[n], bounds[n + 1]];
    while (colon < colons1.length && colons1[colon] < start) colon++;
    const at = colons1[colon];
    if (at === undefined || at > end) throw new NotVouched();
    const key: unknown = JSON.parse(text.slice(start + 1, at));
    if (typeof key !== 'string') throw new NotVouched();
    let from = at + 1;
    while (from < end && isBlank(text, from, from + 1)) from++;
    let to = end;
    while (to > from && isBlank(text, to - 1, to)) to--;
    const array = arrays.get(from);
    const value =
      array && array.close === to - 1 && to - from > GROUP_CHARS
        ? await parseElements(text, array.open, array.close, array.commas)
        : (JSON.parse(text.slice(from, to)) as unknown);
    // As JSON.parse does: an own property even for `__proto__`, the last of a repeated key winning.
    Object.defineProperty(result, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return result;
}

/**
 * `JSON.parse(text)` without holding the event loop for more than a slice. `tooDeep` when nesting exceeds
 * `maxDepth` (nothing parsed); `unicodeEscapes` when a string has a `\u` escape.
 */
export async function parseJsonInSlices(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
): Promise<{ tooDeep: true } | { tooDeep: false; value: unknown; unicodeEscapes: boolean }> {
  const layout = new JsonLayout(text, maxDepth);
  while (!layout.done) {
    layout.scan(SCAN_SLICE);
    if (!layout.done) await yieldToEventLoop();
  }
  if (layout.tooDeep) return { tooDeep: true };
  const { unicodeEscapes } = layout;
  const vouched =
    !layout.unusual &&
    !layout.inString &&
    layout.depth === 0 &&
    layout.topOpen !== -1 &&
    isBlank(text, 0, layout.topOpen) &&
    isBlank(text, layout.topClose + 1, text.length);
  try {
    if (vouched && layout.topKind === 0x5b)
      return {
        tooDeep: false,
        unicodeEscapes,
        value: await parseElements(text, layout.topOpen, layout.topClose, layout.commas1),
      };
    if (vouched) return { tooDeep: false, unicodeEscapes, value: await parseMembers(text, layout) };
  } catch {
    // A piece that is not JSON (or that the layout misread): the whole text decides, below.
  }
  return { tooDeep: false, unicodeEscapes, value: JSON.parse(text) as unknown };
}

/** What body-parser's `json` takes by default: `application/json`, any parameters. */
const jsonType = (req: IncomingMessage): boolean =>
  /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '');
const declaredLength = (req: IncomingMessage): number => Number(req.headers['content-length'] ?? NaN);

/** JSON bodies that body-parser's `json` reads as before: small ones, of a declared length. */
export const isSmallJsonBody = (req: IncomingMessage): boolean =>
  jsonType(req) && declaredLength(req) < SLICED_JSON_MIN_BYTES;
/** JSON bodies read as bytes by body-parser's `raw`, then parsed by `parseLargeJsonBodies`. */
export const isLargeJsonBody = (req: IncomingMessage): boolean => jsonType(req) && !isSmallJsonBody(req);

const badRequest = (message: string, status = 400) => Object.assign(new Error(message), { status, expose: true });

/** Decodes UTF-8 bytes a slice at a time (a multi-byte character cut between slices is kept whole). */
async function decodeInSlices(bytes: Buffer): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  for (let start = 0; start < bytes.length; start += DECODE_SLICE) {
    if (start > 0) await yieldToEventLoop();
    text += decoder.write(bytes.subarray(start, start + DECODE_SLICE));
  }
  return text + decoder.end();
}

/**
 * Middleware after body-parser's `raw` for `isLargeJsonBody` requests: the bytes become the parsed body, with
 * body-parser's `json` rules (UTF-8, an empty body is `{}`, an object or array at the top, the depth limit).
 */
export function parseLargeJsonBodies(req: Request, _res: Response, next: NextFunction): void {
  if (!Buffer.isBuffer(req.body) || !isLargeJsonBody(req)) {
    next();
    return;
  }
  const charset = /;\s*charset="?([^";]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    next(badRequest(`unsupported charset "${charset.toUpperCase()}"`, 415));
    return;
  }
  const bytes = req.body;
  (async () => {
    if (bytes.length === 0) return {};
    const text = await decodeInSlices(bytes);
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const first = /^[\s]*(.)/.exec(body)?.[1];
    if (first !== '{' && first !== '[') throw badRequest('A JSON body must be an object or an array.');
    const parsed = await parseJsonInSlices(body);
    if (parsed.tooDeep) throw tooDeepError();
    if (parsed.unicodeEscapes) markUnicodeEscapes(req);
    return parsed.value;
  })().then(
    (value) => {
      req.body = value;
      next();
    },
    (error: unknown) => next(error instanceof SyntaxError ? badRequest(error.message) : error),
  );
}
