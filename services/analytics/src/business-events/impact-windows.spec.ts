import { impactFigures, impactWindows, meanExpectedImpact, measurementPlan, splitWindow } from './impact-windows';

const at = (iso: string) => Date.parse(iso);

describe('impact windows', () => {
  it('the baseline is as long as the event and ends at its start', () => {
    // 2025-03-10 06:00 → 2025-03-12 18:00 is 60 hours; the baseline starts 60 hours before: 2025-03-07 18:00.
    expect(impactWindows(at('2025-03-10T06:00:00Z'), at('2025-03-12T18:00:00Z'))).toEqual({
      baseline: { from: at('2025-03-07T18:00:00Z'), to: at('2025-03-10T06:00:00Z') },
      during: { from: at('2025-03-10T06:00:00Z'), to: at('2025-03-12T18:00:00Z') },
    });
  });

  it('an event that ends when it starts has two empty windows', () => {
    const instant = at('2025-03-10T06:00:00Z');
    expect(impactWindows(instant, instant)).toEqual({
      baseline: { from: instant, to: instant },
      during: { from: instant, to: instant },
    });
    expect(measurementPlan(instant, instant)).toEqual({
      start: '2025-03-10T06:00:00.000Z',
      startDay: '2025-03-10',
      days: null,
      hours: [],
    });
  });

  it('splits a window into whole UTC days and the partial days at its edges', () => {
    expect(splitWindow({ from: at('2025-03-07T18:00:00Z'), to: at('2025-03-10T06:00:00Z') })).toEqual({
      days: { from: at('2025-03-08T00:00:00Z'), to: at('2025-03-10T00:00:00Z') },
      edges: [
        { from: at('2025-03-07T18:00:00Z'), to: at('2025-03-08T00:00:00Z') },
        { from: at('2025-03-10T00:00:00Z'), to: at('2025-03-10T06:00:00Z') },
      ],
    });
    // Aligned on midnights: days only.
    expect(splitWindow({ from: at('2025-03-01T00:00:00Z'), to: at('2025-03-31T00:00:00Z') })).toEqual({
      days: { from: at('2025-03-01T00:00:00Z'), to: at('2025-03-31T00:00:00Z') },
      edges: [],
    });
    // Inside one day, or across one midnight without a whole day: all edge.
    expect(splitWindow({ from: at('2025-03-07T02:30:00Z'), to: at('2025-03-07T09:00:00Z') })).toEqual({
      days: null,
      edges: [{ from: at('2025-03-07T02:30:00Z'), to: at('2025-03-07T09:00:00Z') }],
    });
    expect(splitWindow({ from: at('2025-03-07T20:00:00Z'), to: at('2025-03-08T04:00:00Z') })).toEqual({
      days: null,
      edges: [{ from: at('2025-03-07T20:00:00Z'), to: at('2025-03-08T04:00:00Z') }],
    });
    expect(splitWindow({ from: 5, to: 5 })).toEqual({ days: null, edges: [] });
  });

  it('plans the reads: one span of whole days from the rollups, the edges from the samples', () => {
    // Event 2025-03-10 06:00 → 2025-03-12 18:00, baseline from 2025-03-07 18:00. Whole days: 03-08 and 03-09
    // (baseline), 03-11 (during); 03-10 is split at the start and read from the samples with its neighbours.
    expect(measurementPlan(at('2025-03-10T06:00:00Z'), at('2025-03-12T18:00:00Z'))).toEqual({
      start: '2025-03-10T06:00:00.000Z',
      startDay: '2025-03-10',
      days: { from: '2025-03-08', to: '2025-03-12', exceptDays: ['2025-03-10'] },
      hours: [
        { from: '2025-03-07T18:00:00.000Z', to: '2025-03-08T00:00:00.000Z' },
        { from: '2025-03-10T00:00:00.000Z', to: '2025-03-11T00:00:00.000Z' },
        { from: '2025-03-12T00:00:00.000Z', to: '2025-03-12T18:00:00.000Z' },
      ],
    });
    // 30 whole days after 30 whole days: one span of 60 days, no sample read.
    expect(measurementPlan(at('2025-04-01T00:00:00Z'), at('2025-05-01T00:00:00Z'))).toEqual({
      start: '2025-04-01T00:00:00.000Z',
      startDay: '2025-04-01',
      days: { from: '2025-03-02', to: '2025-05-01', exceptDays: [] },
      hours: [],
    });
    // Instants off the hour stay as they are (an hour counts when start ≤ hour < end): all samples, one range.
    expect(measurementPlan(at('2025-03-10T10:30:00Z'), at('2025-03-10T12:30:00Z'))).toEqual({
      start: '2025-03-10T10:30:00.000Z',
      startDay: '2025-03-10',
      days: null,
      hours: [{ from: '2025-03-10T08:30:00.000Z', to: '2025-03-10T12:30:00.000Z' }],
    });
    // 36 hours from 18:00: the baseline has no whole day, the event one.
    expect(measurementPlan(at('2025-03-10T18:00:00Z'), at('2025-03-12T06:00:00Z'))).toEqual({
      start: '2025-03-10T18:00:00.000Z',
      startDay: '2025-03-10',
      days: { from: '2025-03-11', to: '2025-03-12', exceptDays: [] },
      hours: [
        { from: '2025-03-09T06:00:00.000Z', to: '2025-03-11T00:00:00.000Z' },
        { from: '2025-03-12T00:00:00.000Z', to: '2025-03-12T06:00:00.000Z' },
      ],
    });
  });
});

describe('impact figures', () => {
  it('absolute and percent change against the baseline, rounded like the analyses', () => {
    // 30 → 45: +15, 100 × 15 / 30 = 50 %
    expect(impactFigures(30, 45)).toEqual({ baseline: 30, during: 45, change: 15, changePercent: 50 });
    // 3 → 2: −1, 100 × −1 / 3 = −33.33… → −33.3 %; money and WCU-hours to four decimals
    expect(impactFigures(3, 2)).toEqual({ baseline: 3, during: 2, change: -1, changePercent: -33.3 });
    expect(impactFigures(1.23456, 2.5)).toEqual({
      baseline: 1.2346,
      during: 2.5,
      change: 1.2654,
      changePercent: 102.5, // 100 × 1.26544 / 1.23456 = 102.501…
    });
  });

  it('has no percent when the baseline is 0', () => {
    expect(impactFigures(0, 12)).toEqual({ baseline: 0, during: 12, change: 12, changePercent: null });
    expect(impactFigures(0, 0)).toEqual({ baseline: 0, during: 0, change: 0, changePercent: null });
  });

  it('means the expected impacts that were entered, null when none', () => {
    expect(meanExpectedImpact([10, null, -5, 20])).toBe(8.3); // 25 / 3
    expect(meanExpectedImpact([null, null])).toBeNull();
    expect(meanExpectedImpact([])).toBeNull();
  });
});
