// Kafka credentials (issue 23, finding 7: "Kafka uses SASL/SCRAM with a user per service and ACLs so a service can
// only write its own topics"), against the product's running broker: nobody gets in without a password, and each
// service's user sees, writes and reads only what its ACLs name.
import { Admin, Kafka, KafkaConfig, logLevel } from 'kafkajs';
import { ALL_TOPICS, deadLetterTopic, ownedTopics, SERVICES, SUBSCRIPTIONS, TOPICS } from '@infra/contracts';
import { kafkaBrokersForTests, kafkaSaslForTests } from '@infra/platform/testing';

const client = (config: Partial<KafkaConfig>) =>
  new Kafka({
    clientId: 'kafka-users-test',
    brokers: kafkaBrokersForTests(),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3000,
    retry: { retries: 0 },
    ...config,
  });
const asService = (service: string) => client({ sasl: kafkaSaslForTests(service) });

async function withAdmin<T>(kafka: Kafka, work: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.disconnect();
  }
}

describe('Kafka users: SASL/SCRAM, one user per service, ACLs', () => {
  it('refuses a client without credentials, and a wrong password', async () => {
    await expect(withAdmin(client({}), (admin) => admin.listTopics())).rejects.toThrow();
    const wrong = client({ sasl: { mechanism: 'scram-sha-512', username: 'inventory', password: 'not-the-password' } });
    await expect(withAdmin(wrong, (admin) => admin.listTopics())).rejects.toThrow(
      /SASL SCRAM SHA512 authentication failed/,
    );
  });

  it.each(SERVICES)(
    "%s's user sees exactly its own topics, those it consumes and their dead-letter topics",
    async (service) => {
      const seen = await withAdmin(asService(service), (admin) => admin.listTopics());
      const product = new Set(ALL_TOPICS.flatMap((topic) => [topic, deadLetterTopic(topic)]));
      // Its own topics' dead-letter topics too: its namespace (`<service>.`), which it writes but never reads.
      const expected = [...ownedTopics(service), ...SUBSCRIPTIONS[service]].flatMap((topic) => [
        topic,
        deadLetterTopic(topic),
      ]);
      expect(seen.filter((topic) => product.has(topic)).sort()).toEqual([...new Set(expected)].sort());
    },
  );

  it("a service cannot write another service's topic, nor a dead-letter topic of a topic it does not consume", async () => {
    const producer = asService('inventory').producer({ allowAutoTopicCreation: false });
    await producer.connect();
    try {
      const message = { key: 'kafka-users-test', value: '{}' };
      for (const topic of [TOPICS.taggingTagChanged, deadLetterTopic(TOPICS.eventsBusinessEventChanged)])
        await expect(producer.send({ topic, messages: [message] })).rejects.toThrow(/not authorized/i);
      // Its consumed topics' dead-letter topics are its to write (nobody consumes them).
      await expect(
        producer.send({ topic: deadLetterTopic(TOPICS.taggingTagChanged), messages: [message] }),
      ).resolves.toHaveLength(1);
    } finally {
      await producer.disconnect();
    }
  });

  /** Joins `groupId` on a topic: undefined once joined, or why it could not. */
  async function joinFailure(kafka: Kafka, groupId: string): Promise<Error | undefined> {
    const consumer = kafka.consumer({ groupId, retry: { retries: 0 } });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [TOPICS.taggingTagChanged] });
      const outcome = new Promise<Error | undefined>((resolve) => {
        consumer.on(consumer.events.GROUP_JOIN, () => resolve(undefined));
        consumer.on(consumer.events.CRASH, ({ payload }) => resolve(payload.error));
      });
      return await consumer.run({ eachMessage: async () => undefined }).then(
        () => outcome,
        (error: Error) => error,
      );
    } finally {
      await consumer.disconnect();
    }
  }

  it("a service cannot join another service's consumer group, nor a group of its own making", async () => {
    // The control, at the same instant: the coordinator answers a user allowed the group.
    expect(await joinFailure(client({ sasl: kafkaSaslForTests('admin') }), `kafka-users-test-${Date.now()}`)).toBe(
      undefined,
    );
    // kafkajs reports the broker's GROUP_AUTHORIZATION_FAILED as a coordinator it could not find.
    for (const group of ['tagging', `inventory-${Date.now()}`])
      expect((await joinFailure(asService('inventory'), group))?.message).toBe('Failed to find group coordinator');
  });

  it('a service cannot create, delete or reconfigure topics', async () => {
    await withAdmin(asService('analytics'), async (admin) => {
      await expect(
        admin.createTopics({ topics: [{ topic: 'analytics.sneaky.v1', numPartitions: 1 }] }),
      ).rejects.toThrow();
      await expect(admin.deleteTopics({ topics: [TOPICS.analyticsRatingsRecomputed] })).rejects.toThrow();
    });
    const topics = await withAdmin(client({ sasl: kafkaSaslForTests('admin') }), (admin) => admin.listTopics());
    expect(topics).not.toContain('analytics.sneaky.v1');
    expect(topics).toContain(TOPICS.analyticsRatingsRecomputed);
  });
});
