import { Kafka } from 'kafkajs';
import { deadLetterTopic } from '@infra/contracts';
import { kafkaClientConfig, KafkaSettings } from './kafka-options';

export const DEFAULT_PARTITIONS = 3;

/** Creates each topic and its dead-letter topic if missing (auto-creation is off on our brokers). */
export async function ensureTopics(
  settings: KafkaSettings,
  topics: readonly string[],
  partitions = DEFAULT_PARTITIONS,
): Promise<void> {
  const admin = new Kafka(kafkaClientConfig(settings)).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const wanted = [...new Set(topics.flatMap((topic) => [topic, deadLetterTopic(topic)]))].filter(
      (topic) => !existing.has(topic),
    );
    if (wanted.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: wanted.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: 1 })),
      });
    }
  } finally {
    await admin.disconnect();
  }
}

/** A readiness probe: the cluster answers a metadata request. One admin connection, reused. */
export function kafkaHealthCheck(settings: KafkaSettings): { check: () => Promise<void>; close: () => Promise<void> } {
  const admin = new Kafka({ ...kafkaClientConfig(settings), retry: { retries: 0 } }).admin();
  let connected = false;
  return {
    check: async () => {
      try {
        if (!connected) {
          await admin.connect();
          connected = true;
        }
        await admin.describeCluster();
      } catch (error) {
        connected = false;
        await admin.disconnect().catch(() => undefined);
        throw error;
      }
    },
    close: () => admin.disconnect(),
  };
}
