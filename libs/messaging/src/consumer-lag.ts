import { Gauge } from 'prom-client';
import { Kafka, type Admin } from 'kafkajs';
import { metricsRegistry, withTimeout } from '@infra/platform';
import { kafkaClientConfig, type KafkaSettings } from './kafka-options';

export interface PartitionLag {
  topic: string;
  partition: number;
  /** Messages on the partition after the group's committed offset (all of them where it has committed none). */
  lag: number;
  /** The partition's end (high watermark): the offset its next message will have. */
  end: bigint;
}

/** How far the consumer group is behind the end of each partition of its topics. */
export async function consumerLag(admin: Admin, groupId: string, topics: string[]): Promise<PartitionLag[]> {
  const committed = await admin.fetchOffsets({ groupId, topics });
  const lags: PartitionLag[] = [];
  for (const { topic, partitions } of committed) {
    const at = new Map(partitions.map(({ partition, offset }) => [partition, BigInt(offset)]));
    for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
      const offset = at.get(partition) ?? -1n;
      const end = BigInt(high);
      lags.push({ topic, partition, lag: Number(end - (offset < 0n ? BigInt(low) : offset)), end });
    }
  }
  return lags;
}

interface Observed {
  settings: KafkaSettings;
  groupId: string;
  topics: string[];
  admin?: Promise<Admin>;
}
const observed: Observed[] = [];
const SCRAPE_BUDGET_MS = 2000;

/**
 * Each consumer group's lag per topic and partition, asked of the brokers at each scrape: a lag that grows means the
 * consumers take events slower than they come (or have stopped). Every replica of a service reports its group's
 * lag alike (take the max across processes).
 */
new Gauge({
  name: 'kafka_consumer_lag',
  help: 'Messages behind the end of each partition, by consumer group, topic and partition, read at each scrape',
  labelNames: ['group', 'topic', 'partition'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const entry of observed) {
      try {
        entry.admin ??= connectAdmin(entry.settings);
        const admin = await entry.admin;
        const lags = await withTimeout(consumerLag(admin, entry.groupId, entry.topics), SCRAPE_BUDGET_MS, 'timed out');
        for (const { topic, partition, lag } of lags)
          this.set({ group: entry.groupId, topic, partition: String(partition) }, lag);
      } catch {
        // Kafka out of reach: the group's series are absent from this scrape rather than wrong; connect anew next time.
        const admin = entry.admin;
        entry.admin = undefined;
        void admin?.then((client) => client.disconnect()).catch(() => undefined);
      }
    }
  },
});

async function connectAdmin(settings: KafkaSettings): Promise<Admin> {
  const admin = new Kafka(kafkaClientConfig({ ...settings, clientId: `${settings.clientId}-lag` })).admin();
  await admin.connect();
  return admin;
}

/** Reports the group's lag on `topics` in `kafka_consumer_lag` from now on. */
export function observeConsumerLag(settings: KafkaSettings, groupId: string, topics: string[]): void {
  observed.push({ settings, groupId, topics });
}

/** Disconnects the admin clients (at shutdown). */
export async function stopObservingConsumerLag(): Promise<void> {
  const admins = observed.splice(0).flatMap((entry) => (entry.admin ? [entry.admin] : []));
  await Promise.all(admins.map((admin) => admin.then((client) => client.disconnect()).catch(() => undefined)));
}
