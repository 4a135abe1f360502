import type { Queue } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry, withTimeout } from '@infra/platform';

/** Job metrics on the process's registry (served at /metrics), labelled by queue and job name. */
/** Jobs enqueued by this process: the work a request left behind, whatever it answered (see JobQueue.add). */
export const jobsAdded = new Counter({
  name: 'jobs_added_total',
  help: 'Jobs enqueued, by queue and job name',
  labelNames: ['queue', 'job'],
  registers: [metricsRegistry],
});

export const jobsCompleted = new Counter({
  name: 'jobs_completed_total',
  help: 'Job attempts that succeeded, by queue and job name',
  labelNames: ['queue', 'job'],
  registers: [metricsRegistry],
});

export const jobsFailed = new Counter({
  name: 'jobs_failed_total',
  help: 'Job attempts that failed, by queue, job name and whether the job will be retried',
  labelNames: ['queue', 'job', 'final'],
  registers: [metricsRegistry],
});

/**
 * Jobs found stalled (their worker stopped renewing the lock: killed, or its event loop held longer than the lock) and
 * put back to wait, or failed past the stalled limit. Counted by the worker that found them; sum the processes.
 */
export const jobsStalled = new Counter({
  name: 'jobs_stalled_total',
  help: 'Jobs found stalled by this process, by queue',
  labelNames: ['queue'],
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'job_duration_seconds',
  help: 'Duration of job attempts by queue, job name and outcome',
  labelNames: ['queue', 'job', 'outcome'],
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

const queues = new Set<Queue>();
const QUEUE_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;

/**
 * The jobs each queue holds by state, read from Redis at each scrape: waiting that grows is work arriving faster than
 * the workers take it. Every process that has the queue reports the same numbers (take the max across processes).
 */
new Gauge({
  name: 'jobs_queued',
  help: 'Jobs held in Redis by queue and state (waiting, delayed, active, failed), read at each scrape',
  labelNames: ['queue', 'state'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const queue of queues) {
      try {
        const counts = await withTimeout(queue.getJobCounts(...QUEUE_STATES), 1000, 'timed out');
        for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      } catch {
        // Redis out of reach: the queue's series are absent from this scrape rather than wrong.
      }
    }
  },
});

/** Reports the queue in `jobs_queued` until `unobserveQueue`. */
export function observeQueue(queue: Queue): void {
  queues.add(queue);
}

export function unobserveQueue(queue: Queue): void {
  queues.delete(queue);
}
