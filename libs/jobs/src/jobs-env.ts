import { ConfigError } from '@infra/platform';

export interface JobsRuntime {
  /** This process runs the workers of every registered queue. */
  workers: boolean;
  /** This process serves no API routes: only workers, /health and /metrics (a worker Deployment). */
  workerOnly: boolean;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError([`${name}: must be "true" or "false"`]);
}

/**
 * `JOBS_ENABLED` (default true): false makes an API process only enqueue, when a worker Deployment runs the jobs.
 * `WORKER_ONLY` (default false): true runs the workers and no API routes. Both true-and-false is refused.
 */
export function jobsRuntime(env: NodeJS.ProcessEnv = process.env): JobsRuntime {
  const workerOnly = flag(env, 'WORKER_ONLY') ?? false;
  const enabled = flag(env, 'JOBS_ENABLED') ?? true;
  if (workerOnly && !enabled) throw new ConfigError(['WORKER_ONLY=true needs JOBS_ENABLED unset or true']);
  return { workers: enabled, workerOnly };
}
