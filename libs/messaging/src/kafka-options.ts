import type { CustomStrategy, KafkaOptions } from '@nestjs/microservices';
import { logLevel, KafkaConfig } from 'kafkajs';
import type { CommonEnv } from '@infra/platform';
import { BatchingKafkaServer } from './batching-kafka-server';
import { kafkaLogCreator } from './kafka-log';

/** A user signing in with SASL/SCRAM (each service has its own; the brokers' ACLs name what it may do). */
export type KafkaCredentials = { username: string; password: string } & (
  { mechanism: 'scram-sha-512' } | { mechanism: 'scram-sha-256' }
);

export interface KafkaSettings {
  brokers: string[];
  clientId: string;
  /** Unset: no authentication (a broker that requires it refuses the connection). */
  sasl?: KafkaCredentials;
  ssl?: boolean;
}

/** The process's Kafka client settings from its environment (KAFKA_BROKERS, KAFKA_USERNAME, …). */
export function kafkaSettingsOf(env: CommonEnv): KafkaSettings {
  return {
    brokers: env.kafkaBrokers,
    clientId: env.KAFKA_CLIENT_ID,
    ...(env.KAFKA_USERNAME
      ? {
          sasl: {
            mechanism: env.KAFKA_SASL_MECHANISM,
            username: env.KAFKA_USERNAME,
            password: env.KAFKA_PASSWORD ?? '',
          },
        }
      : {}),
    ...(env.KAFKA_SSL ? { ssl: true } : {}),
  };
}

/** Client settings shared by producer, consumer and admin: reconnect patiently, log only problems. */
export function kafkaClientConfig({ brokers, clientId, sasl, ssl }: KafkaSettings): KafkaConfig {
  return {
    clientId,
    brokers,
    ...(sasl ? { sasl } : {}),
    ...(ssl ? { ssl } : {}),
    logLevel: logLevel.ERROR,
    logCreator: kafkaLogCreator(clientId),
    connectionTimeout: 3000,
    retry: { initialRetryTime: 300, retries: 8, maxRetryTime: 5000 },
  };
}

/**
 * Options for Nest's Kafka server (the consumer side of a service). Short session and fetch waits keep
 * rebalances and end-to-end latency low; partitions are consumed concurrently (Nest's default is one at a time).
 */
function kafkaServerOptions(settings: KafkaSettings & { groupId: string }): KafkaOptions['options'] {
  return {
    client: kafkaClientConfig(settings),
    consumer: {
      groupId: settings.groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 1000,
      // A fetch returns as soon as a record arrives: the wait only bounds an idle poll. At 100 ms (ten polls a second
      // per consumer) the idle product took 35 % of a core; 17 % at 500 ms.
      maxWaitTimeInMs: 500,
      allowAutoTopicCreation: false,
      retry: { initialRetryTime: 300, retries: 8, maxRetryTime: 5000 },
    },
    run: { partitionsConsumedConcurrently: 3 },
    subscribe: { fromBeginning: true },
    postfixId: '',
  };
}

/** A service's consumer: Nest's Kafka server applying each partition's messages in batches (`BatchingKafkaServer`). */
export function kafkaConsumerOptions(settings: KafkaSettings & { groupId: string }): CustomStrategy {
  return { strategy: new BatchingKafkaServer(kafkaServerOptions(settings)) };
}
