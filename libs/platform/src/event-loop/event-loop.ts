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

/** Bytes handed to a parser between two yields: about 5–10 ms of CSV parsing on a slow core. */
const PARSE_SLICE_BYTES = 64 * 1024;

/**
 * Feeds `content` to a streaming parser (csv-parse) a slice at a time, yielding to the event loop between slices, and
 * hands its records over as they come. Written whole, a parser reads all of a 10 MB body in one synchronous step and
 * the service answers nothing else for seconds. Records read before a parse error come first, then the error is
 * thrown. Stopping early (`return` or `break` in the loop) destroys the parser.
 */
export async function* parsedInSlices<T>(
  parser: Transform,
  content: Buffer,
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
        parser.write(content.subarray(start, start + sliceBytes));
        start += sliceBytes;
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
