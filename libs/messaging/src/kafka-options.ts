import { KafkaOptions, Transport } from '@nestjs/microservices';
import { logLevel, KafkaConfig } from 'kafkajs';

export interface KafkaSettings {
  brokers: string[];
  clientId: string;
}

/** Client settings shared by producer, consumer and admin: reconnect patiently, log only problems. */
export function kafkaClientConfig({ brokers, clientId }: KafkaSettings): KafkaConfig {
  return {
    clientId,
    brokers,
    logLevel: logLevel.ERROR,
    connectionTimeout: 3000,
    retry: { initialRetryTime: 300, retries: 8, maxRetryTime: 5000 },
  };
}

/**
 * Options for Nest's Kafka server (the consumer side of a service). Short session and fetch waits keep
 * rebalances and end-to-end latency low; partitions are consumed concurrently (Nest's default is one at a time).
 */
export function kafkaConsumerOptions(settings: KafkaSettings & { groupId: string }): KafkaOptions {
  return {
    transport: Transport.KAFKA,
    options: {
      client: kafkaClientConfig(settings),
      consumer: {
        groupId: settings.groupId,
        sessionTimeout: 10_000,
        heartbeatInterval: 1000,
        maxWaitTimeInMs: 100,
        allowAutoTopicCreation: false,
        retry: { initialRetryTime: 300, retries: 8, maxRetryTime: 5000 },
      },
      run: { partitionsConsumedConcurrently: 3 },
      subscribe: { fromBeginning: true },
      postfixId: '',
    },
  };
}
