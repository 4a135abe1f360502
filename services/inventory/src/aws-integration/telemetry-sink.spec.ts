import type { EntityManager } from 'typeorm';
import { type CollectedTelemetrySample, type EventEnvelope, TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import type { AwsIntegrationRepository } from './aws-integration.repository';
import { OutboxTelemetrySink } from './telemetry-sink';

const TENANT = {
  organizationId: '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
  accountId: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
  actorId: 'ac9d8e7f-6a5b-4c4d-9e3f-2a1b0c9d8e7f',
};

/** The outbox INSERTs of each transaction, read back as the envelopes they write. */
function recordingRepository() {
  const transactions: EventEnvelope[][] = [];
  const repository = {
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      const written: EventEnvelope[] = [];
      transactions.push(written);
      const manager = {
        queryRunner: { isTransactionActive: true },
        query: async (sql: string, parameters: unknown[]) => {
          if (sql.includes('INSERT INTO outbox')) {
            expect(parameters[0]).toBe(TOPICS.inventoryTelemetryCollected);
            written.push(...(JSON.parse(parameters[1] as string) as EventEnvelope[]));
          }
          return [];
        },
      } as unknown as EntityManager;
      return work(manager);
    },
  } as unknown as AwsIntegrationRepository;
  return { repository, transactions };
}

const samples = (count: number): CollectedTelemetrySample[] =>
  Array.from({ length: count }, (_, index) => ({
    externalId: `i-0${(index % 500).toString(16).padStart(16, '0')}`,
    hour: new Date(Date.UTC(2026, 10, 6, 11) + Math.floor(index / 500) * 3_600_000).toISOString(),
    cpuUtil: 12.5,
    memUtil: 40,
    cost: 0.096,
  }));

describe('OutboxTelemetrySink', () => {
  it('writes events of at most 10,000 samples, in one transaction, through the topic schema', async () => {
    const { repository, transactions } = recordingRepository();
    const sent = samples(25_000);

    await new OutboxTelemetrySink(repository, new EventPublisher()).publish(TENANT, sent);

    expect(transactions).toHaveLength(1);
    const [events] = transactions;
    expect(events.map((event) => event.payload)).toEqual([
      { source: 'aws-cloudwatch', samples: sent.slice(0, 10_000) },
      { source: 'aws-cloudwatch', samples: sent.slice(10_000, 20_000) },
      { source: 'aws-cloudwatch', samples: sent.slice(20_000) },
    ]);
    for (const event of events) expect(event).toMatchObject({ type: TOPICS.inventoryTelemetryCollected, ...TENANT });
  });

  it('writes nothing for no samples', async () => {
    const { repository, transactions } = recordingRepository();
    await new OutboxTelemetrySink(repository, new EventPublisher()).publish(TENANT, []);
    expect(transactions).toEqual([]);
  });
});
