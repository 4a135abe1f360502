import type { ImpactFigures } from '@infra/contracts';
import { DAY_MS } from '../analyses/horizon';
import { oneDecimal, round4 } from '../ratings/ratings';

/** `[from, to)` in epoch milliseconds. */
export interface TimeRange {
  from: number;
  to: number;
}

/** analytics.md: the event's window `[start, end)` and the baseline of equal length just before it. */
export function impactWindows(start: number, end: number): { baseline: TimeRange; during: TimeRange } {
  const length = Math.max(0, end - start);
  return { baseline: { from: start - length, to: start }, during: { from: start, to: Math.max(start, end) } };
}

/**
 * A window as the whole UTC days inside it (read from the daily rollups) and the partial days at its edges (read from
 * the hourly samples, an hour counting when `from ≤ hour < to`). A window inside one day is all edge.
 */
export function splitWindow({ from, to }: TimeRange): { days: TimeRange | null; edges: TimeRange[] } {
  if (to <= from) return { days: null, edges: [] };
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const endDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= endDay) return { days: null, edges: [{ from, to }] };
  const edges: TimeRange[] = [];
  if (from < firstDay) edges.push({ from, to: firstDay });
  if (endDay < to) edges.push({ from: endDay, to });
  return { days: { from: firstDay, to: endDay }, edges };
}

/**
 * What one measurement reads: a row counts in the event when its hour is at or after `start` (a whole day when it is
 * on or after `startDay`: no whole day of the baseline is), else in the baseline. Both windows' whole days are one
 * span of `asset_daily` (one index range per asset) without `exceptDays` (the start's own day when it is partial:
 * read from the samples), and edges that touch are one range of samples.
 */
export interface MeasurementPlan {
  start: string;
  startDay: string;
  /** Whole UTC days `[from, to)` as dates (YYYY-MM-DD); null when neither window has one. */
  days: { from: string; to: string; exceptDays: string[] } | null;
  /** Partial days `[from, to)` as ISO instants, in order, touching ones merged. */
  hours: { from: string; to: string }[];
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const iso = (time: number) => new Date(time).toISOString();

export function measurementPlan(start: number, end: number): MeasurementPlan {
  const { baseline, during } = impactWindows(start, end);
  const before = splitWindow(baseline);
  const after = splitWindow(during);
  const wholeDays = [before.days, after.days].filter((days): days is TimeRange => days !== null);
  let days: MeasurementPlan['days'] = null;
  if (wholeDays.length > 0) {
    const from = wholeDays[0].from;
    const to = wholeDays[wholeDays.length - 1].to;
    const exceptDays: string[] = [];
    if (wholeDays.length === 2)
      for (let day = wholeDays[0].to; day < wholeDays[1].from; day += DAY_MS) exceptDays.push(isoDay(day));
    days = { from: isoDay(from), to: isoDay(to), exceptDays };
  }
  const hours: TimeRange[] = [];
  for (const edge of [...before.edges, ...after.edges]) {
    const last = hours[hours.length - 1];
    if (last && last.to === edge.from) last.to = edge.to;
    else hours.push({ ...edge });
  }
  return {
    start: iso(start),
    startDay: isoDay(Math.floor(start / DAY_MS) * DAY_MS),
    days,
    hours: hours.map((range) => ({ from: iso(range.from), to: iso(range.to) })),
  };
}

/**
 * One measured quantity, rounded like the other analyses (four decimals, percent to one):
 * change = during − baseline, changePercent = 100 × change / baseline, null when the baseline is 0.
 */
export function impactFigures(baseline: number, during: number): ImpactFigures {
  return {
    baseline: round4(baseline),
    during: round4(during),
    change: round4(during - baseline),
    changePercent: baseline === 0 ? null : oneDecimal((100 * (during - baseline)) / baseline),
  };
}

/** The mean of the expected impacts that were entered; null when none was. */
export function meanExpectedImpact(values: (number | null)[]): number | null {
  const entered = values.filter((value): value is number => value !== null);
  if (entered.length === 0) return null;
  return oneDecimal(entered.reduce((total, value) => total + value, 0) / entered.length);
}
