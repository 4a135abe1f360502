import type { EntityManager } from 'typeorm';
import { TOPICS } from '@infra/contracts';
import { EventPublisher, writeOutboxEvents } from './event-publisher';

const ID = '3f1c2a9e-0b7d-4c1e-9a2b-5d6e7f8a9b0c';

/** An EntityManager inside a transaction that records its queries. */
function fakeManager(): { manager: EntityManager; queries: unknown[][] } {
  const queries: unknown[][] = [];
  const manager = {
    queryRunner: { isTransactionActive: true },
    query: async (sql: string, params: unknown[]) => {
      queries.push([sql, params]);
      return [];
    },
  } as unknown as EntityManager;
  return { manager, queries };
}

describe('EventPublisher (typed)', () => {
  const publisher = new EventPublisher();
  const who = { accountId: ID, organizationId: ID, actorId: null };

  it('writes a valid event to the outbox', async () => {
    const { manager, queries } = fakeManager();
    const event = await publisher.publish(manager, TOPICS.identityOrganizationChanged, {
      ...who,
      payload: { organizationId: ID, accountId: ID, name: 'Ops', deleted: false },
    });
    expect(event.type).toBe('identity.organization.changed.v1');
    expect(queries[0][0]).toContain('INSERT INTO outbox');
  });

  it('refuses a payload its topic schema rejects, before writing anything', async () => {
    const { manager, queries } = fakeManager();
    await expect(
      publisher.publish(manager, TOPICS.identityOrganizationChanged, {
        ...who,
        payload: { organizationId: 'nope', accountId: ID, name: 'Ops', deleted: false },
      }),
    ).rejects.toThrow('invalid payload for identity.organization.changed.v1: organizationId: expected a UUID');
    expect(queries).toHaveLength(0);
  });

  it('accepts only topics of libs/contracts, each with its own payload type (compile-time checks)', async () => {
    const { manager } = fakeManager();
    const wrongTopic = () =>
      // @ts-expect-error a topic outside libs/contracts does not compile
      publisher.publish(manager, 'some.other.topic.v1', { ...who, payload: {} });
    const wrongPayload = () =>
      publisher.publish(manager, TOPICS.identityAccountThresholdsChanged, {
        ...who,
        // @ts-expect-error the payload of another topic does not compile
        payload: { organizationId: ID, accountId: ID, name: 'Ops', deleted: false },
      });
    await expect(wrongTopic()).rejects.toThrow();
    await expect(wrongPayload()).rejects.toThrow('invalid payload');
  });
});

describe('writeOutboxEvents', () => {
  it('cuts large batches into statements of at most 1 MiB of JSON, every event once and in order', async () => {
    const { manager, queries } = fakeManager();
    // 12 events of ~200 KB: one statement would pass 2.4 MB as one parameter.
    const inputs = Array.from({ length: 12 }, (_, n) => ({
      accountId: ID,
      organizationId: ID,
      actorId: null,
      payload: { n, filler: 'x'.repeat(200_000) },
    }));
    const envelopes = await writeOutboxEvents(manager, 'some.topic.v1', inputs);
    const inserts = queries.filter(([sql]) => String(sql).includes('INSERT INTO outbox'));
    expect(inserts.length).toBeGreaterThan(2);
    const written = inserts.flatMap(([, params]) => {
      const json = (params as string[])[1];
      expect(json.length).toBeLessThanOrEqual(1024 * 1024 + 2);
      return (JSON.parse(json) as { eventId: string; payload: { n: number } }[]).map((e) => [e.eventId, e.payload.n]);
    });
    expect(written).toEqual(envelopes.map((envelope, n) => [envelope.eventId, n]));
    expect(queries.at(-1)![0]).toContain('pg_notify');
  });
});
