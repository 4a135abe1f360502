// A consumer group's lag per partition (`kafka_consumer_lag`), against real Kafka: a group that read nothing is behind
// by every message, one that committed up to the last but one by one per partition.
import { Kafka, logLevel } from 'kafkajs';
import { metricsRegistry } from '@infra/platform';
import { kafkaSettingsForTests, pollUntil, uniqueSuffix } from '@infra/platform/testing';
import { consumerLag, observeConsumerLag, stopObservingConsumerLag } from '../src';
import { createHarness, type Harness } from './messaging-harness';

describe('consumer lag (real Kafka)', () => {
  let harness: Harness;
  const settings = kafkaSettingsForTests('lag-test');
  const admin = new Kafka({ ...settings, logLevel: logLevel.NOTHING }).admin();

  beforeAll(async () => {
    harness = await createHarness();
    await admin.connect();
  });

  afterAll(async () => {
    await stopObservingConsumerLag();
    await admin.disconnect();
    await harness.close();
  });

  it('counts the messages after each partition’s committed offset, all of them where none is committed', async () => {
    await harness.createWidgets(['a', 'b', 'c', 'd', 'e']);
    const ends = await pollUntil('the five events on the topic', async () => {
      const offsets = await admin.fetchTopicOffsets(harness.topic);
      return offsets.reduce((sum, { high }) => sum + Number(high), 0) === 5 && offsets;
    });
    const neverRead = `lag-never-${uniqueSuffix()}`;
    const total = (lags: { lag: number }[]) => lags.reduce((sum, { lag }) => sum + lag, 0);
    expect(total(await consumerLag(admin, neverRead, [harness.topic]))).toBe(5);

    const oneBehind = `lag-one-${uniqueSuffix()}`;
    const written = ends.filter(({ high }) => Number(high) > 0);
    await admin.setOffsets({
      groupId: oneBehind,
      topic: harness.topic,
      partitions: written.map(({ partition, high }) => ({ partition, offset: String(Number(high) - 1) })),
    });
    const lags = await consumerLag(admin, oneBehind, [harness.topic]);
    expect(lags.filter(({ lag }) => lag > 0)).toEqual(
      written.map(({ partition, high }) => ({ topic: harness.topic, partition, lag: 1, end: BigInt(high) })),
    );

    // On /metrics: one series per partition, read at the scrape.
    observeConsumerLag(settings, neverRead, [harness.topic]);
    const metric = (await metricsRegistry.getMetricsAsJSON()).find((entry) => entry.name === 'kafka_consumer_lag');
    const series = metric!.values.filter((value) => value.labels.group === neverRead);
    expect(series).toHaveLength(ends.length);
    expect(series.reduce((sum, { value }) => sum + value, 0)).toBe(5);
  });
});
