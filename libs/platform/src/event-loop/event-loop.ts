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
 * Longest run of work between two yields. Items differ in cost (an event of 5 pairs or of 5,000), so slices end on
 * the clock as well as on a count: a slice never holds the loop much past this, whatever its items weigh.
 */
export const SLICE_BUDGET_MS = 8;

/** Says when the current slice has used its budget; `yieldIfDue` yields then and starts the next slice. */
export class SliceClock {
  private started = performance.now();

  constructor(private readonly budgetMs = SLICE_BUDGET_MS) {}

  get due(): boolean {
    return performance.now() - this.started >= this.budgetMs;
  }

  async yieldNow(): Promise<void> {
    await yieldToEventLoop();
    this.started = performance.now();
  }

  async yieldIfDue(): Promise<void> {
    if (this.due) await this.yieldNow();
  }
}

/**
 * Calls `work` on every item, yielding to the event loop after every `sliceSize` items or SLICE_BUDGET_MS, whichever
 * comes first: one call over 100,000 items never holds the loop longer than one slice.
 */
export async function forEachInSlices<T>(
  items: readonly T[],
  sliceSize: number,
  work: (item: T, index: number) => void,
): Promise<void> {
  const clock = new SliceClock();
  let inSlice = 0;
  for (let index = 0; index < items.length; index++) {
    if (inSlice === sliceSize || clock.due) {
      await clock.yieldNow();
      inSlice = 0;
    }
    work(items[index], index);
    inSlice++;
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

/**
 * Bytes (or characters) handed to a parser between two yields: a few milliseconds of CSV parsing on a slow core
 * (64 KiB took 40–100 ms with the machine's other core busy).
 */
const PARSE_SLICE_BYTES = 16 * 1024;

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
