import type { JobSchedule } from '@infra/jobs';

/** inventory's queue (one per service). Apart from the processors so the service can enqueue without a cycle. */
export const INVENTORY_QUEUE = 'inventory';

/** The AWS integration's jobs: name → payload (part of inventory's job map). */
export interface AwsIntegrationJobs {
  /** Queues a sync of every integration whose sync is not already queued or running. */
  'aws-sync-all': Record<string, never>;
  /** One EC2 inventory run of one organization's integration. */
  'aws-sync': { organizationId: string };
}

/** Every integration is synced hourly (and on demand with `POST integrations/aws/sync`). */
export const AWS_SYNC_SCHEDULE: JobSchedule<AwsIntegrationJobs> = {
  name: 'aws-sync-all',
  every: 3600 * 1000,
  payload: {},
};
