import { payloadField, payloadProblems, type PayloadSchema } from './envelope';
import { ALL_TOPICS, TOPIC_SCHEMAS, TOPICS, validateTopicPayload } from './topics';

const ID = '3f1c2a9e-0b7d-4c1e-9a2b-5d6e7f8a9b0c';

describe('topic payload schemas', () => {
  it('has a schema for every topic', () => {
    expect(Object.keys(TOPIC_SCHEMAS).sort()).toEqual([...ALL_TOPICS].sort());
  });

  it('accepts a valid payload and ignores fields it does not know', () => {
    const payload = { organizationId: ID, accountId: ID, name: 'Ops', deleted: false, addedLater: 1 };
    expect(validateTopicPayload(TOPICS.identityOrganizationChanged, payload)).toEqual([]);
  });

  it('names every problem with its path', () => {
    expect(
      validateTopicPayload(TOPICS.taggingTagsAssigned, {
        assignments: [{ tagId: ID, assetId: 'x' }],
        unassignments: 'none',
      }),
    ).toEqual([
      'assignments[0].assetId: expected a UUID, got string',
      'unassignments: expected an array of at most 100000 items, got string',
    ]);
    expect(validateTopicPayload(TOPICS.analyticsRatingsRecomputed, null)).toEqual([
      'payload: expected an object, got null',
    ]);
    expect(
      validateTopicPayload(TOPICS.identityAccountThresholdsChanged, {
        accountId: ID,
        minWorkloadPercentThreshold: 101,
        maxWorkloadPercentThreshold: Number.NaN,
      }),
    ).toHaveLength(2);
  });

  it('checks scalars, records, enums and dates', () => {
    const upserted = {
      assetId: ID,
      name: 'db-1',
      status: 'active',
      collectionIds: [ID],
      attributes: { cpu: 4, region: 'eu', spot: false, owner: null },
    };
    expect(validateTopicPayload(TOPICS.inventoryAssetUpserted, upserted)).toEqual([]);
    expect(
      validateTopicPayload(TOPICS.inventoryAssetUpserted, { ...upserted, status: 'gone', attributes: { x: {} } }),
    ).toEqual([
      'status: expected one of active, offline, pending, archived, got string',
      'attributes.x: expected a string, number, boolean or null, got object',
    ]);
    const date = payloadField.object({ d: payloadField.isoDate() });
    expect(payloadProblems(date, { d: '2026-11-22' })).toEqual([]);
    expect(payloadProblems(date, { d: '2026-11-22T03:00:00.000Z' })).toEqual([]);
    expect(payloadProblems(date, { d: '22/11/2026' })).toEqual(['d: expected an ISO 8601 date, got string']);
    expect(payloadProblems(date, { d: '2026-02-31T25:00:00Z' })).toEqual(['d: expected an ISO 8601 date, got string']);
  });

  it('checks collected telemetry by type and size, leaving value ranges to the per-sample rules of analytics', () => {
    const sample = { externalId: 'i-0a1b2c3d4e5f60001', hour: '2026-11-20T09:00:00.000Z', cpuUtil: 12.35 };
    const collected = (samples: unknown[]) => ({ source: 'aws-cloudwatch', samples });
    expect(
      validateTopicPayload(TOPICS.inventoryTelemetryCollected, collected([{ ...sample, memUtil: 41.3, cost: 0.096 }])),
    ).toEqual([]);
    // Out of range: analytics refuses that sample alone, not the whole event.
    expect(validateTopicPayload(TOPICS.inventoryTelemetryCollected, collected([{ ...sample, cpuUtil: 150 }]))).toEqual(
      [],
    );
    expect(
      validateTopicPayload(TOPICS.inventoryTelemetryCollected, {
        source: 'csv',
        samples: [{ hour: sample.hour, cpuUtil: '12' }],
      }),
    ).toEqual([
      'source: expected one of aws-cloudwatch, got string',
      'samples[0].externalId: missing',
      'samples[0].cpuUtil: expected a number in [-1.7976931348623157e+308, 1.7976931348623157e+308], got string',
    ]);
    expect(
      validateTopicPayload(TOPICS.inventoryTelemetryCollected, collected(Array.from({ length: 10_001 }, () => sample))),
    ).toEqual(['samples: expected an array of at most 10000 items, got array']);
  });

  it('binds each schema to its payload type at compile time', () => {
    // @ts-expect-error a schema that misses a field of the payload does not compile
    const incomplete: (typeof TOPIC_SCHEMAS)[typeof TOPICS.identityOrganizationChanged] = payloadField.object({
      organizationId: payloadField.uuid(),
    });
    const typed: PayloadSchema<{ id: string }> = payloadField.object({ id: payloadField.uuid() });
    expect([incomplete, typed]).toHaveLength(2);
  });
});
