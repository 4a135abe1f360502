import type { Transform } from 'node:stream';
import { setImmediate as afterPendingIo } from 'node:timers/promises';

/**
 * Lets the event loop serve what is waiting (health checks, other tenants' requests) before the caller goes on:
 * long work on one request is cut into slices of a few milliseconds with this between them.
 */
export function yieldToEventLoop(): Promise<void> {
  return afterPendingIo();
}

/**
 * Calls `work` on every item, yielding to the event loop after every `sliceSize` items: one call over 100,000 items
 * never holds the loop longer than one slice.
 */
export async function forEachInSlices<T>(
  items: readonly T[],
  sliceSize: number,
  work: (item: T, index: number) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += sliceSize) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(items.length, start + sliceSize);
    for (let index = start; index < end; index++) work(items[index], index);
  }
}

/**
 * Where a slice ends: a text is not cut between the two halves of a surrogate pair (each slice is encoded on its own).
 * Bytes may be cut anywhere (the parser keeps an incomplete UTF-8 sequence for the next slice).
 */
function sliceEnd(content: Buffer | string, start: number, size: number): number {
  const end = Math.min(start + size, content.length);
  if (typeof content !== 'string' || end === content.length) return end;
  const code = content.charCodeAt(end - 1);
  if (code < 0xd800 || code > 0xdbff) return end;
  // A high surrogate last: end before it, or after its pair when it is all the slice holds.
  return end - 1 > start ? end - 1 : end + 1;
}

/** Bytes (or characters) handed to a parser between two yields: about 5–10 ms of CSV parsing on a slow core. */
const PARSE_SLICE_BYTES = 64 * 1024;

/**
 * Feeds `content` (bytes or text) to a streaming parser (csv-parse) a slice at a time, yielding to the event loop between slices, and
 * hands its records over as they come. Written whole, a parser reads all of a 10 MB body in one synchronous step and
 * the service answers nothing else for seconds. Records read before a parse error come first, then the error is
 * thrown. Stopping early (`return` or `break` in the loop) destroys the parser.
 */
export async function* parsedInSlices<T>(
  parser: Transform,
  content: Buffer | string,
  sliceBytes = PARSE_SLICE_BYTES,
): AsyncGenerator<T> {
  const records: T[] = [];
  let failure: unknown;
  let ended = false;
  parser.on('data', (record: T) => records.push(record));
  parser.on('error', (error) => (failure ??= error));
  parser.on('end', () => (ended = true));
  parser.on('close', () => (ended = true));
  try {
    let start = 0;
    while (!ended && failure === undefined) {
      if (start < content.length) {
        const end = sliceEnd(content, start, sliceBytes);
        parser.write(typeof content === 'string' ? content.slice(start, end) : content.subarray(start, end));
        start = end;
      } else if (!parser.writableEnded) parser.end();
      await yieldToEventLoop();
      yield* records.splice(0);
    }
    yield* records.splice(0);
    if (failure !== undefined) throw failure;
  } finally {
    parser.destroy();
  }
}
