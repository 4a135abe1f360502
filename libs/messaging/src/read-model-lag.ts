/** What a request waits at most by default for a read model to catch up (the broker's lag measured 0.3–0.6 s). */
export const READ_MODEL_WAIT_MS = 3000;
const RETRY_EVERY_MS = 100;

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

  constructor(
    readonly waitMs = READ_MODEL_WAIT_MS,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
  ) {}

  /**
   * Runs `attempt` (which looks up what is still missing and answers whether everything is found now) until it
   * answers true or the wait is over. Counted in attempts, not by a clock, so a test can replace `sleep`.
   */
  async waitFor(attempt: () => Promise<boolean>): Promise<void> {
    for (let retries = Math.ceil(this.waitMs / RETRY_EVERY_MS); !(await attempt()) && retries > 0; retries -= 1)
      await this.sleep(RETRY_EVERY_MS);
  }
}
