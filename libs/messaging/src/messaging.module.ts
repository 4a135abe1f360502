import { DynamicModule, Global, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HealthRegistry } from '@infra/platform';
import { stopObservingConsumerLag } from './consumer-lag';
import { EventPublisher } from './event-publisher';
import { InboxConsumer } from './inbox-consumer';
import { KafkaProducer } from './kafka-producer';
import { KafkaSettings } from './kafka-options';
import { CONSUMER_STALLED_AFTER_SECONDS, oldestStallSeconds } from './messaging-metrics';
import { OutboxRelay } from './outbox-relay';
import { kafkaHealthCheck } from './topics-admin';

export interface MessagingOptions extends KafkaSettings {
  maxDeliveryAttempts: number;
  relayPollIntervalMs?: number;
}

const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

/** Not ready while a message has held its consumer past the retries and dead-lettering it is allowed. */
export function consumersMakeProgress(now = Date.now()): Promise<void> {
  const stalled = oldestStallSeconds(now);
  return stalled > CONSUMER_STALLED_AFTER_SECONDS
    ? Promise.reject(new Error(`a message has held its consumer for ${Math.round(stalled)} s`))
    : Promise.resolve();
}

/** Lifecycle glue: start the relay after boot, stop it (and Kafka clients) on shutdown, register readiness. */
class MessagingLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly kafkaHealth: ReturnType<typeof kafkaHealthCheck>;

  constructor(
    private readonly relay: OutboxRelay,
    private readonly producer: KafkaProducer,
    @Inject(MESSAGING_OPTIONS) options: MessagingOptions,
    health: HealthRegistry,
  ) {
    this.kafkaHealth = kafkaHealthCheck(options);
    health.register({ name: 'kafka', check: () => this.kafkaHealth.check() });
    health.register({ name: 'consumers', check: () => consumersMakeProgress() });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.producer.close();
    await this.kafkaHealth.close().catch(() => undefined);
    await stopObservingConsumerLag();
  }
}

/** Outbox publishing, the relay, and idempotent consumption for a service that owns a database. */
@Global()
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        { provide: KafkaProducer, useFactory: () => new KafkaProducer(options) },
        EventPublisher,
        {
          provide: OutboxRelay,
          inject: [DataSource, KafkaProducer],
          useFactory: (dataSource: DataSource, producer: KafkaProducer) =>
            new OutboxRelay(dataSource, producer, { pollIntervalMs: options.relayPollIntervalMs }),
        },
        {
          provide: InboxConsumer,
          inject: [DataSource, KafkaProducer],
          useFactory: (dataSource: DataSource, producer: KafkaProducer) =>
            new InboxConsumer(dataSource, producer, { maxAttempts: options.maxDeliveryAttempts }),
        },
        MessagingLifecycle,
      ],
      exports: [EventPublisher, InboxConsumer, OutboxRelay, KafkaProducer],
    };
  }
}
