import { ANALYTICS_LIMITS } from '@infra/contracts';
import { checkHour, checkSamples, keepLastPerAssetHour } from './telemetry-samples';

const NOW = Date.parse('2026-06-15T10:42:00Z');
const ASSET = '0b8f6c0e-7a51-4c37-9d3c-2f1f1c4a5e61';
const sample = (overrides: Record<string, unknown> = {}) => ({
  assetId: ASSET,
  hour: '2026-06-15T09:00:00Z',
  cpuUtil: 42.5,
  ...overrides,
});
/** The one issue of a single sample, as `field: reason`, or 'valid'. */
const issueOf = async (value: unknown): Promise<string> => {
  const { valid, rejected } = await checkSamples([value], NOW);
  if (valid.length === 1) return 'valid';
  return `${rejected[0].field}: ${rejected[0].reason}`;
};

describe('telemetry sample rules', () => {
  it('accepts a full sample and keeps every value', async () => {
    const { valid, rejected } = await checkSamples(
      [
        sample({
          memUtil: 0,
          storageUtil: 100,
          networkInBytes: 12,
          networkOutBytes: 0,
          cost: 0.125,
          assetId: ASSET.toUpperCase(),
        }),
      ],
      NOW,
    );
    expect(rejected).toEqual([]);
    expect(valid).toEqual([
      {
        index: 0,
        asset: { assetId: ASSET },
        hour: Date.parse('2026-06-15T09:00:00Z'),
        cpuUtil: 42.5,
        memUtil: 0,
        storageUtil: 100,
        networkInBytes: 12,
        networkOutBytes: 0,
        cost: 0.125,
      },
    ]);
  });

  it('takes an external id instead of an asset id, and optional fields as absent or null', async () => {
    const { valid } = await checkSamples(
      [{ externalId: 'i-123', hour: '2026-06-15T09:00Z', cpuUtil: 1, cost: null }],
      NOW,
    );
    expect(valid[0]).toMatchObject({ asset: { externalId: 'i-123' }, memUtil: null, cost: null });
  });

  it('refuses what is not a sample object, and unknown fields', async () => {
    expect(await issueOf('x')).toBe('sample: must be an object');
    expect(await issueOf([sample()])).toBe('sample: must be an object');
    expect(await issueOf(sample({ cpu: 1 }))).toBe('cpu: is not a sample field');
  });

  it('needs exactly one of assetId and externalId, each well formed', async () => {
    expect(await issueOf({ hour: '2026-06-15T09:00:00Z', cpuUtil: 1 })).toBe(
      'assetId: exactly one of assetId and externalId is required',
    );
    expect(await issueOf(sample({ externalId: 'i-1' }))).toBe(
      'assetId: exactly one of assetId and externalId is required',
    );
    expect(await issueOf(sample({ assetId: 'not-a-uuid' }))).toBe('assetId: must be a UUID');
    expect(await issueOf(sample({ assetId: undefined, externalId: ' ' }))).toBe(
      'externalId: must be text of 1 to 500 characters',
    );
    expect(await issueOf(sample({ assetId: undefined, externalId: 'x'.repeat(501) }))).toBe(
      'externalId: must be text of 1 to 500 characters',
    );
    expect(await issueOf(sample({ assetId: undefined, externalId: 'a\u0000b' }))).toBe(
      'externalId: must not contain control characters',
    );
  });

  it('requires hour and cpuUtil', async () => {
    expect(await issueOf(sample({ hour: undefined }))).toBe('hour: is required');
    expect(await issueOf(sample({ cpuUtil: undefined }))).toBe('cpuUtil: is required');
    expect(await issueOf(sample({ cpuUtil: null }))).toBe('cpuUtil: is required');
  });

  it('keeps utilizations within 0–100', async () => {
    for (const field of ['cpuUtil', 'memUtil', 'storageUtil']) {
      expect(await issueOf(sample({ [field]: -0.1 }))).toBe(`${field}: must be between 0 and 100`);
      expect(await issueOf(sample({ [field]: 100.01 }))).toBe(`${field}: must be between 0 and 100`);
      expect(await issueOf(sample({ [field]: '50' }))).toBe(`${field}: must be a number`);
      expect(await issueOf(sample({ [field]: Number.NaN }))).toBe(`${field}: must be a number`);
      expect(await issueOf(sample({ [field]: 100 }))).toBe('valid');
    }
  });

  it('counts bytes in whole numbers, 0 or more', async () => {
    for (const field of ['networkInBytes', 'networkOutBytes']) {
      expect(await issueOf(sample({ [field]: -1 }))).toBe(`${field}: must be a whole number of bytes, 0 or more`);
      expect(await issueOf(sample({ [field]: 1.5 }))).toBe(`${field}: must be a whole number of bytes, 0 or more`);
      expect(await issueOf(sample({ [field]: 2 ** 53 }))).toBe(`${field}: must be a whole number of bytes, 0 or more`);
      expect(await issueOf(sample({ [field]: Number.POSITIVE_INFINITY }))).toBe(`${field}: must be a number`);
      expect(await issueOf(sample({ [field]: 0 }))).toBe('valid');
    }
  });

  it('takes a cost of 0 or more', async () => {
    expect(await issueOf(sample({ cost: -0.01 }))).toBe('cost: must be 0 or more');
    expect(await issueOf(sample({ cost: true }))).toBe('cost: must be a number');
    expect(await issueOf(sample({ cost: 0 }))).toBe('valid');
  });

  it('reads the hour as an ISO 8601 instant on a UTC hour', async () => {
    expect(checkHour('2026-06-15T09:00:00.000Z', NOW)).toEqual({ value: Date.parse('2026-06-15T09:00:00Z') });
    expect(checkHour('2026-06-15T11:00:00+02:00', NOW)).toEqual({ value: Date.parse('2026-06-15T09:00:00Z') });
    expect(checkHour('2026-06-15T09:30:00+05:30', NOW)).toEqual({ value: Date.parse('2026-06-15T04:00:00Z') });
    for (const text of [
      '2026-06-15',
      '2026-06-15 09:00:00Z',
      '2026-06-15T09:00:00',
      'yesterday',
      '2026-02-30T00:00:00Z',
    ])
      expect([text, checkHour(text, NOW)]).toEqual([text, { reason: 'must be an ISO 8601 date and time' }]);
    expect(checkHour(1_750_000_000_000, NOW)).toEqual({ reason: 'must be an ISO 8601 date and time' });
    expect(checkHour('2026-06-15T09:00:01Z', NOW)).toEqual({ reason: 'must be the start of a UTC hour' });
    expect(checkHour('2026-06-15T09:30:00Z', NOW)).toEqual({ reason: 'must be the start of a UTC hour' });
  });

  it('takes the current hour but nothing later, and nothing older than 400 days', async () => {
    expect(checkHour('2026-06-15T10:00:00Z', NOW)).toEqual({ value: Date.parse('2026-06-15T10:00:00Z') });
    expect(checkHour('2026-06-15T11:00:00Z', NOW)).toEqual({ reason: 'is in the future' });
    const oldest = Date.parse('2026-06-15T10:00:00Z') - ANALYTICS_LIMITS.telemetryMaxAgeDays * 86_400_000;
    expect(checkHour(new Date(oldest).toISOString(), NOW)).toEqual({ value: oldest });
    expect(checkHour(new Date(oldest - 3_600_000).toISOString(), NOW)).toEqual({
      reason: 'is older than 400 days',
    });
  });

  it('reports each refused sample with its index, beside the valid ones', async () => {
    const { valid, rejected } = await checkSamples([sample(), sample({ cpuUtil: 101 }), sample()], NOW);
    expect(valid.map((checked) => checked.index)).toEqual([0, 2]);
    expect(rejected).toEqual([{ index: 1, field: 'cpuUtil', reason: 'must be between 0 and 100' }]);
  });
});

describe('samples repeated in one call', () => {
  it('keeps the last sample of an asset and hour and reports the earlier ones as replaced', async () => {
    const rows = [
      { index: 0, assetId: 'a', hour: 1 },
      { index: 1, assetId: 'b', hour: 1 },
      { index: 2, assetId: 'a', hour: 2 },
      { index: 3, assetId: 'a', hour: 1 },
    ];
    const { kept, replaced } = keepLastPerAssetHour(rows, (row) => row.assetId);
    expect(kept.map((row) => row.index)).toEqual([1, 2, 3]);
    expect(replaced).toEqual([{ index: 0, field: 'hour', reason: 'replaced by sample 3 (same asset and hour)' }]);
  });
});
