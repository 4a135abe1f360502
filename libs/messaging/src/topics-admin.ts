import { ConfigResourceTypes, Kafka } from 'kafkajs';
import { deadLetterTopic } from '@infra/contracts';
import { kafkaClientConfig, KafkaSettings } from './kafka-options';

export const DEFAULT_PARTITIONS = 3;
/**
 * Largest message a topic of ours takes: 8 MiB instead of the broker's 1 MiB. A collection's event carries every
 * member id (up to 100,000: about 4 MB), so a consumer that starts later reads a collection's state from its
 * latest event; a message the broker refused would hold back every event behind it in the outbox.
 */
export const TOPIC_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
const TOPIC_CONFIG = [{ name: 'max.message.bytes', value: String(TOPIC_MAX_MESSAGE_BYTES) }];

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
    const all = [...new Set(topics.flatMap((topic) => [topic, deadLetterTopic(topic)]))];
    const wanted = all.filter((topic) => !existing.has(topic));
    if (wanted.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: wanted.map((topic) => ({
          topic,
          numPartitions: partitions,
          replicationFactor: 1,
          configEntries: TOPIC_CONFIG,
        })),
      });
    }
    // Topics made before the limit was set get it too (setting it again changes nothing).
    const older = all.filter((topic) => existing.has(topic));
    if (older.length > 0) {
      await admin.alterConfigs({
        validateOnly: false,
        resources: older.map((name) => ({ type: ConfigResourceTypes.TOPIC, name, configEntries: TOPIC_CONFIG })),
      });
    }
  } finally {
    await admin.disconnect();
  }
}

/**
 * The topics of `topics` this client cannot see: missing, or not allowed to its user (a broker lists only the topics
 * a user may describe). A service checks its own at start; provisioning creates them.
 */
export async function unseenTopics(settings: KafkaSettings, topics: readonly string[]): Promise<string[]> {
  const admin = new Kafka(kafkaClientConfig(settings)).admin();
  await admin.connect();
  try {
    const seen = new Set(await admin.listTopics());
    return topics.filter((topic) => !seen.has(topic));
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
