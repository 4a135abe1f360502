import { Injectable } from '@nestjs/common';
import { withTimeout } from '../timeout';

export interface HealthCheck {
  name: string;
  /** Resolves when the dependency is usable; rejects (or times out) otherwise. */
  check: () => Promise<void>;
}

/** Dependencies register their readiness checks here (database, Redis, Kafka). */
@Injectable()
export class HealthRegistry {
  private readonly checks: HealthCheck[] = [];
  private draining = false;

  /** From a shutdown signal on, the process says it is not ready (balancers take it out) while it finishes. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  register(check: HealthCheck): void {
    this.checks.push(check);
  }

  async run(
    timeoutMs = 2000,
  ): Promise<{ ok: boolean; checks: Record<string, { status: 'up' | 'down'; error?: string }> }> {
    if (this.draining) return { ok: false, checks: { shutdown: { status: 'down', error: 'shutting down' } } };
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), timeoutMs, `timed out after ${timeoutMs} ms`);
          return [name, { status: 'up' as const }] as const;
        } catch (error) {
          return [
            name,
            { status: 'down' as const, error: error instanceof Error ? error.message : String(error) },
          ] as const;
        }
      }),
    );
    return { ok: results.every(([, result]) => result.status === 'up'), checks: Object.fromEntries(results) };
  }
}
