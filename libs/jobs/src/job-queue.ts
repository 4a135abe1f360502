import { Inject } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { jobsAdded } from './job-metrics';
import type { AddJobOptions, JobName } from './job-types';

/** The typed producer of one service's queue: only names of the map, each with its own payload type. */
export class JobQueue<J extends object> {
  constructor(private readonly queue: Queue) {}

  get name(): string {
    return this.queue.name;
  }

  /** Enqueues a job and returns its id (the existing job's id when `jobId` was already used). */
  async add<N extends JobName<J>>(name: N, payload: J[N], options: AddJobOptions = {}): Promise<string> {
    const job = await this.queue.add(name, payload, { jobId: options.jobId, delay: options.delay });
    jobsAdded.inc({ queue: this.queue.name, job: name });
    return job.id ?? '';
  }
}

/** Nest injection token of a queue's `JobQueue`. */
export function jobQueueToken(queue: string): string {
  return `JobQueue:${queue}`;
}

/** `constructor(@InjectJobQueue('identity') private readonly jobs: JobQueue<IdentityJobs>)` */
export const InjectJobQueue = (queue: string): ParameterDecorator => Inject(jobQueueToken(queue));
