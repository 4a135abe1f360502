import { ANALYTICS_LIMITS, AnalyticsErrorCode } from '@infra/contracts';
import { toErrorResponse } from '@infra/platform';
import { DAY_MS, HOUR_MS, resolveHorizon } from './horizon';

const NOW = Date.parse('2026-06-15T10:20:00Z');
const CURRENT = Date.parse('2026-06-15T10:00:00Z');

const refusal = (value: string) => {
  try {
    resolveHorizon(value, NOW);
  } catch (error) {
    return toErrorResponse(error);
  }
  throw new Error(`${value} was accepted`);
};

describe('custom timeHorizon', () => {
  it('accepts a range of whole hours within the kept telemetry', () => {
    expect(resolveHorizon('2026-06-14T00:00:00Z/2026-06-15T00:00:00Z', NOW)).toEqual({
      start: Date.parse('2026-06-14T00:00:00Z'),
      end: Date.parse('2026-06-15T00:00:00Z'),
      granularity: 'hour',
    });
    const oldest = CURRENT - ANALYTICS_LIMITS.telemetryMaxAgeDays * DAY_MS;
    const start = new Date(oldest).toISOString();
    expect(resolveHorizon(`${start}/${new Date(oldest + 24 * HOUR_MS).toISOString()}`, NOW).start).toBe(oldest);
  });

  it.each([
    // The finding: year 0 reached PostgreSQL, which refused it, and the unhandled rejection stopped the process.
    '0000-01-01T00:00:00Z/0001-01-01T00:00:00Z',
    '-000010-01-01T00:00:00Z/-000009-06-01T00:00:00Z',
    '2025-01-01T00:00:00Z/2025-02-01T00:00:00Z',
  ])('refuses %s, which starts before the oldest telemetry kept, with 400 ANALYTICS_HORIZON_INVALID', (value) => {
    expect(refusal(value)).toMatchObject({
      statusCode: 400,
      code: AnalyticsErrorCode.HorizonInvalid,
      message: expect.stringContaining('timeHorizon starts at most'),
    });
  });

  it('still answers 400 for malformed and reversed ranges', () => {
    expect(refusal('yesterday/today')).toMatchObject({ statusCode: 400, code: AnalyticsErrorCode.HorizonInvalid });
    expect(refusal('2026-06-15T00:00:00Z/2026-06-14T00:00:00Z').statusCode).toBe(400);
  });
});
