import { metricsRegistry } from '@infra/platform';
import { consumersMakeProgress } from './messaging.module';
import {
  CONSUMER_STALLED_AFTER_SECONDS,
  clearStalled,
  markStalled,
  measureOutboxBacklogWith,
  oldestStallSeconds,
} from './messaging-metrics';

describe('a consumer held by a failing message', () => {
  afterEach(() => {
    clearStalled('a');
    clearStalled('b');
  });

  it('measures the oldest stall, keeps its start across redeliveries, and forgets it once the message is through', () => {
    markStalled('a', 1_000);
    markStalled('b', 5_000);
    markStalled('a', 9_000); // the same message again (redelivered): still stalled since the first failure
    expect(oldestStallSeconds(11_000)).toBe(10);
    clearStalled('a');
    expect(oldestStallSeconds(11_000)).toBe(6);
    clearStalled('b');
    expect(oldestStallSeconds(11_000)).toBe(0);
  });

  it('serves the stall on /metrics, measured when scraped', async () => {
    markStalled('a', Date.now() - 30_000);
    const line = (await metricsRegistry.getSingleMetricAsString('inbox_stalled_seconds')).split('\n').at(-1);
    expect(Number(line?.split(' ')[1])).toBeGreaterThanOrEqual(30);
  });

  it('is ready through retries and dead-lettering, and not ready once a message is stuck past them', async () => {
    const start = 1_000_000;
    markStalled('a', start);
    await expect(consumersMakeProgress(start + CONSUMER_STALLED_AFTER_SECONDS * 1000)).resolves.toBeUndefined();
    await expect(consumersMakeProgress(start + (CONSUMER_STALLED_AFTER_SECONDS + 1) * 1000)).rejects.toThrow(
      'a message has held its consumer for 121 s',
    );
  });
});

describe('the outbox backlog gauge', () => {
  afterEach(() => measureOutboxBacklogWith(undefined));
  const scraped = async () =>
    Number(
      (await metricsRegistry.getSingleMetricAsString('outbox_oldest_pending_seconds'))
        .split('\n')
        .at(-1)
        ?.split(' ')[1],
    );

  it("asks the relay's probe when scraped, and keeps the last value when the database cannot answer", async () => {
    measureOutboxBacklogWith(() => Promise.resolve(42.5));
    expect(await scraped()).toBe(42.5);
    measureOutboxBacklogWith(() => Promise.reject(new Error('connection refused')));
    expect(await scraped()).toBe(42.5);
  });
});
