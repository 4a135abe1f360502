/** The first look again comes soon (the lag is usually short); then each wait doubles, up to the last. */
const FIRST_RETRY_MS = 50;
const LONGEST_RETRY_MS = 800;

/** The clock and the sleep of the wait; tests pass a clock that their sleep moves. */
export interface LagClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_CLOCK: LagClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
};

/**
 * Read models follow their source through the broker, a moment behind: an asset created by `PUT assets` reaches
 * analytics' copy a few hundred milliseconds later. A request that names something its read model does not hold
 * yet waits for it, up to a bound, instead of refusing what the source has already accepted (an integration that
 * sends telemetry right after creating its assets would lose it). Only what is still missing after the wait is
 * unknown; the wait is asynchronous, so other requests go on.
 */
export class ReadModelLag {
  /** For tests that want a miss to be final at once. */
  static readonly none = new ReadModelLag(0);

  /** `waitMs`: the service's `READ_MODEL_WAIT_MS` (ServiceEnv holds its default). */
  constructor(
    readonly waitMs: number,
    private readonly clock: LagClock = REAL_CLOCK,
  ) {}

  /**
   * Runs `attempt` (which looks up what is still missing and answers whether everything is found now) until it
   * answers true or the wait is over. The bound is time, not a count of attempts: on a busy machine each look-up
   * takes longer, and the request must still answer within the wait (a gateway would time it out).
   */
  async waitFor(attempt: () => Promise<boolean>): Promise<void> {
    const deadline = this.clock.now() + this.waitMs;
    for (let delay = FIRST_RETRY_MS; !(await attempt()); delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
      const left = deadline - this.clock.now();
      if (left <= 0) return;
      await this.clock.sleep(Math.min(delay, left));
    }
  }
}
