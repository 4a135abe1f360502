import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SyncState } from '@infra/contracts';

/** The telemetry feed of a successful run. */
export interface TelemetryCounts {
  /** Hourly samples published. */
  samples: number;
  /** Costs without a CPU sample of their instance and hour (a sample needs cpuUtil), or below zero: not sent. */
  costsDropped: number;
  /** The end (exclusive, ISO 8601) of the hours collected so far: the next run's new hours start there. */
  collectedThrough: string;
}

/** Counts of the last successful run, as stored in `last_counts`. */
export interface SyncCounts {
  created: number;
  updated: number;
  seen: number;
  /** Absent until a run fed telemetry: the next run then reaches back as far as the sources keep hourly data. */
  telemetry?: TelemetryCounts;
}

/**
 * An organization's AWS integration: the role the product assumes in the customer's account and the state of
 * the last sync. One per organization. No AWS credentials are ever stored: they are assumed per run.
 */
@Entity('aws_integrations')
export class AwsIntegration {
  @PrimaryColumn('uuid', { name: 'organization_id' })
  organizationId!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('text', { name: 'role_arn' })
  roleArn!: string;

  @Column('text', { name: 'external_id' })
  externalId!: string;

  /** Empty: every region EC2 reports as enabled for the customer's account. */
  @Column('text', { array: true, default: () => `'{}'` })
  regions!: string[];

  @Column('text', { default: 'never' })
  state!: SyncState;

  /** When `state` last changed: a queued or running claim older than the stale limit may be taken over. */
  @Column('timestamptz', { name: 'state_changed_at', default: () => 'now()' })
  stateChangedAt!: Date;

  @Column('timestamptz', { name: 'last_run_at', nullable: true })
  lastRunAt!: Date | null;

  @Column('timestamptz', { name: 'last_succeeded_at', nullable: true })
  lastSucceededAt!: Date | null;

  @Column('jsonb', { name: 'last_counts', nullable: true })
  lastCounts!: SyncCounts | null;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  /** The Admin who last saved the integration: the actor of the asset events its syncs publish. */
  @Column('uuid', { name: 'configured_by' })
  configuredBy!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
