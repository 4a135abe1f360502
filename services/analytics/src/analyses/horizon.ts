import {
  ANALYTICS_LIMITS,
  AnalyticsErrorCode,
  DEFAULT_TIME_HORIZON_KEY,
  TIME_HORIZON_KEYS,
  TIME_HORIZON_QUERY,
  type AnalysisHorizon,
  type TimeHorizon,
  type TimeHorizonKey,
} from '@infra/contracts';
import { analyticsError } from '../analytics.errors';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Series are hourly up to this many hours, daily beyond (analytics.md). */
export const HOURLY_MAX_HOURS = 7 * 24;

const DAYS: Record<Exclude<TimeHorizonKey, '24h' | '7d'>, number> = { '30d': 30, '90d': 90, '12m': 365 };

/** A resolved horizon: `[start, end)` in epoch milliseconds, whole hours (whole days when daily). */
export interface Horizon {
  start: number;
  end: number;
  granularity: 'hour' | 'day';
  /**
   * A standard horizon (`30d`) or the period before one (`previous-30d`): its per-asset sums may be precomputed
   * (asset_periods). Custom ranges have none.
   */
  period?: string;
}

const floorHour = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS;
const floorDay = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;

/**
 * `timeHorizon` of a query: `24h`, `7d`, `30d` (default), `90d`, `12m`, their labels ("Last 7 Days"), or an ISO 8601
 * interval `start/end`. Every horizon ends at the start of the current UTC hour at the latest. Hourly horizons
 * (up to 7 days) are `[end − N h, end)`; daily ones start at a UTC midnight: the last N UTC days, today included up
 * to the current hour (a custom daily range is widened to whole days).
 */
export function resolveHorizon(value: unknown, now: number): Horizon {
  const current = floorHour(now);
  const raw = value === undefined || value === '' ? DEFAULT_TIME_HORIZON_KEY : value;
  if (typeof raw !== 'string') throw horizonError();
  const key = (TIME_HORIZON_QUERY as Record<string, TimeHorizonKey | undefined>)[raw as TimeHorizon] ?? raw;
  if ((TIME_HORIZON_KEYS as readonly string[]).includes(key)) {
    if (key === '24h') return { start: current - 24 * HOUR_MS, end: current, granularity: 'hour', period: key };
    if (key === '7d')
      return { start: current - HOURLY_MAX_HOURS * HOUR_MS, end: current, granularity: 'hour', period: key };
    const days = DAYS[key as keyof typeof DAYS];
    return {
      start: floorDay(current - HOUR_MS) - (days - 1) * DAY_MS,
      end: current,
      granularity: 'day',
      period: key,
    };
  }
  return customHorizon(key, current);
}

function customHorizon(value: string, current: number): Horizon {
  const parts = value.split('/');
  if (parts.length !== 2) throw horizonError();
  const [start, end] = parts.map((part) => Date.parse(part));
  if (!Number.isFinite(start) || !Number.isFinite(end) || start % HOUR_MS !== 0 || end % HOUR_MS !== 0)
    throw horizonError('a custom timeHorizon is an ISO 8601 interval start/end of whole UTC hours');
  // Nothing older is kept (telemetry-samples refuses it), and the bound keeps every date within PostgreSQL's range:
  // year 0 reached a query and was refused there.
  const oldest = current - ANALYTICS_LIMITS.telemetryMaxAgeDays * DAY_MS;
  if (start < oldest)
    throw horizonError(
      `a custom timeHorizon starts at most ${ANALYTICS_LIMITS.telemetryMaxAgeDays} days ago (the oldest telemetry kept)`,
    );
  const last = Math.min(end, current);
  if (start >= last) throw horizonError('the custom timeHorizon must start before its end and before now');
  if (last - start > ANALYTICS_LIMITS.telemetryMaxAgeDays * DAY_MS)
    throw horizonError(`a custom timeHorizon spans at most ${ANALYTICS_LIMITS.telemetryMaxAgeDays} days`);
  if (last - start <= HOURLY_MAX_HOURS * HOUR_MS) return { start, end: last, granularity: 'hour' };
  return { start: floorDay(start), end: Math.min(current, floorDay(last - 1) + DAY_MS), granularity: 'day' };
}

function horizonError(detail?: string) {
  return analyticsError(AnalyticsErrorCode.HorizonInvalid, detail ? { message: detail } : undefined);
}

export const hoursOf = (horizon: Horizon): number => (horizon.end - horizon.start) / HOUR_MS;

/** How the period before a standard horizon is named (`previous-30d`). */
const PREVIOUS_PERIOD = 'previous-';

/**
 * Whether a precomputed period is closed: the period before a standard horizon ends where the horizon starts,
 * whatever the clock, so its ratings can be kept with its sums.
 */
export const isClosedPeriod = (period: string): boolean => period.startsWith(PREVIOUS_PERIOD);

/** The equal period just before (business overview's "previous period"). */
export const previousOf = (horizon: Horizon): Horizon => ({
  start: horizon.start - (horizon.end - horizon.start),
  end: horizon.start,
  granularity: horizon.granularity,
  ...(horizon.period ? { period: `${PREVIOUS_PERIOD}${horizon.period}` } : {}),
});

/**
 * Every precomputed period: each standard horizon and the one before it (business overview compares them). The
 * default horizon comes first: when the day turns, every daily window is redone, one after the other, and the
 * dashboards open on the default, which is thus back on its sums first.
 */
export function standardPeriods(now: number): Horizon[] {
  const keys = [DEFAULT_TIME_HORIZON_KEY, ...TIME_HORIZON_KEYS.filter((key) => key !== DEFAULT_TIME_HORIZON_KEY)];
  return keys.flatMap((key) => {
    const horizon = resolveHorizon(key, now);
    return [horizon, previousOf(horizon)];
  });
}

export const STANDARD_PERIOD_NAMES = TIME_HORIZON_KEYS.flatMap((key) => [key, `${PREVIOUS_PERIOD}${key}`]);

export function describe(horizon: Horizon): AnalysisHorizon {
  return {
    start: new Date(horizon.start).toISOString(),
    end: new Date(horizon.end).toISOString(),
    granularity: horizon.granularity,
    hours: hoursOf(horizon),
  };
}

/** The bucket starts of the horizon, in order (every bucket is listed, with or without data). */
export function bucketsOf(horizon: Horizon): number[] {
  const step = horizon.granularity === 'hour' ? HOUR_MS : DAY_MS;
  const buckets: number[] = [];
  for (let time = horizon.start; time < horizon.end; time += step) buckets.push(time);
  return buckets;
}

/** Hours of the bucket inside the horizon (today's daily bucket is partial). */
export const bucketHours = (horizon: Horizon, bucket: number): number =>
  horizon.granularity === 'hour' ? 1 : (Math.min(bucket + DAY_MS, horizon.end) - bucket) / HOUR_MS;

/**
 * How a standard horizon's window is known (period_windows.window_end): a daily window by its first day, since its end
 * is the current hour and today's rollup already follows it.
 */
export const windowEndOf = (window: Horizon): string =>
  new Date(window.granularity === 'day' ? window.start : window.end).toISOString();
