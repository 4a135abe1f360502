// A dead letter sent back to its topic once its cause is fixed (`npm run dlq:replay`): applied once by the consumer
// that gave up on it, a refused payload left alone, and a second replay sends nothing. Real Kafka, its own topic (its
// dead-letter topic holds this test's letters only).
import { Kafka, logLevel } from 'kafkajs';
import { deadLetterTopic } from '@infra/contracts';
import { kafkaSettingsForTests, pollUntil } from '@infra/platform/testing';
import { replayDeadLetters } from '../src';
import { createHarness, type Harness } from './messaging-harness';

describe('replaying dead letters (real Kafka)', () => {
  let harness: Harness;
  const settings = kafkaSettingsForTests('dlq-replay-test');

  beforeAll(async () => {
    harness = await createHarness({ maxAttempts: 2 });
  });

  afterAll(async () => {
    await harness.close();
  });

  /** How many messages the dead-letter topic holds (sum of its partitions' high watermarks). */
  async function deadLetterCount(): Promise<number> {
    const admin = new Kafka({ ...settings, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets(deadLetterTopic(harness.topic));
      return offsets.reduce((sum, { high }) => sum + Number(high), 0);
    } finally {
      await admin.disconnect();
    }
  }

  it('sends a dead letter back once its cause is fixed: applied once; a second replay sends nothing', async () => {
    const poison = await harness.createWidget('cured-later', { poison: true });
    await harness.publishRaw({ widgetId: 'not-a-uuid', name: 7 });
    await pollUntil('both on the dead-letter topic', async () => (await deadLetterCount()) === 2, {
      timeoutMs: 60_000,
      intervalMs: 250,
    });

    // A dry run lists what would go, sends nothing and remembers nothing.
    const listed = await replayDeadLetters(settings, { topic: harness.topic, dryRun: true });
    expect(listed.letters.map(({ eventId, action }) => ({ eventId, action }))).toEqual(
      expect.arrayContaining([
        { eventId: poison.eventId, action: 'listed' },
        { eventId: expect.any(String), action: 'skipped: invalid' },
      ]),
    );
    expect(listed.letters).toHaveLength(2);
    expect(listed.letters.find((letter) => letter.eventId === poison.eventId)).toMatchObject({
      consumer: 'widget-projection',
      attempts: 2,
      reason: expect.stringContaining('cannot project widget'),
    });
    expect(await harness.appliedCount(poison.eventId)).toBe(0);

    harness.cure(poison.eventId);
    const replayed = await replayDeadLetters(settings, { topic: harness.topic });
    expect(replayed.letters.map(({ eventId, action }) => ({ eventId, action }))).toEqual(
      expect.arrayContaining([
        { eventId: poison.eventId, action: 'replayed' },
        { eventId: expect.any(String), action: 'skipped: invalid' },
      ]),
    );
    await pollUntil('the replayed event to be applied', async () => (await harness.appliedCount(poison.eventId)) === 1);
    // Its batch's try and two attempts alone, then the replay's one.
    expect(harness.handlerCalls.get(poison.eventId)).toBe(1 + 2 + 1);

    // Remembered: nothing new since, nothing sent again; the refused payload did not come back either.
    expect((await replayDeadLetters(settings, { topic: harness.topic })).letters).toEqual([]);
    expect(await deadLetterCount()).toBe(2);
    expect(await harness.appliedCount(poison.eventId)).toBe(1);
  });
});
