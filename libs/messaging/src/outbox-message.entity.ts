import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { EventEnvelope } from '@infra/contracts';

/** An event waiting to be published, written in the same transaction as the state change it describes. */
@Entity('outbox')
export class OutboxMessage {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  @Column('uuid', { name: 'event_id', unique: true })
  eventId!: string;

  @Column('text')
  topic!: string;

  @Column('text', { name: 'message_key' })
  messageKey!: string;

  @Column('jsonb')
  envelope!: EventEnvelope;

  @Column('jsonb', { default: {} })
  headers!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt!: Date | null;
}

/** An event a consumer has applied: (eventId, consumer) is unique, so a redelivery changes nothing. */
@Entity('inbox')
export class ProcessedEvent {
  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId!: string;

  @PrimaryColumn('text')
  consumer!: string;

  @Column('text')
  topic!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}

export const MESSAGING_ENTITIES = [OutboxMessage, ProcessedEvent];
