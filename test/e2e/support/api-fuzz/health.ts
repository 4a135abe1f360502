// Samples every service's (and the gateway's) /health/live while the fuzzer runs: a liveness probe that waits
// behind fuzzed work (a blocked event loop, a starved pool) would get a pod restarted in production.
import { percentile } from './stats';

export interface HealthFigures {
  target: string;
  samples: number;
  /** Probes not answered 200 within the deadline (refused, timed out, other status). */
  failures: number;
  p50: number;
  p99: number;
  max: number;
  /** Probes slower than the 100 ms budget (informative: the CI machine is shared). */
  over100ms: number;
}

export class HealthSampler {
  private readonly latencies = new Map<string, number[]>();
  private readonly failures = new Map<string, string[]>();
  private running = false;
  private loops: Promise<void>[] = [];

  /**
   * @param targets name → base URL of a process whose /health/live is probed
   * @param deadlineMs a probe not answered within this counts as a failure
   */
  constructor(
    private readonly targets: Record<string, string>,
    private readonly intervalMs = 100,
    private readonly deadlineMs = 10_000,
  ) {}

  start(): void {
    this.running = true;
    this.loops = Object.entries(this.targets).map(([name, url]) => this.loop(name, url));
  }

  private async loop(name: string, url: string): Promise<void> {
    const latencies: number[] = [];
    const failures: string[] = [];
    this.latencies.set(name, latencies);
    this.failures.set(name, failures);
    while (this.running) {
      const begin = performance.now();
      try {
        const response = await fetch(`${url}/health/live`, { signal: AbortSignal.timeout(this.deadlineMs) });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - begin);
        else failures.push(`status ${response.status}`);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
      await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
    }
  }

  async stop(): Promise<HealthFigures[]> {
    this.running = false;
    await Promise.all(this.loops);
    return Object.keys(this.targets).map((target) => {
      const sorted = [...(this.latencies.get(target) ?? [])].sort((a, b) => a - b);
      return {
        target,
        samples: sorted.length,
        failures: this.failures.get(target)?.length ?? 0,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1] ?? Number.NaN,
        over100ms: sorted.filter((latency) => latency > 100).length,
      };
    });
  }
}
