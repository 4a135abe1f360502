import { telemetryWindow } from './ec2-telemetry-mapping';

const at = (iso: string) => Date.parse(iso);
const window = (now: string, collectedThrough?: string) => {
  const { start, newFrom, end } = telemetryWindow(at(now), collectedThrough);
  return [start, newFrom, end].map((hour) => new Date(hour).toISOString());
};

describe('telemetryWindow', () => {
  it('first run: the last 14 days that Cost Explorer still answers for, up to the hour that is not over', () => {
    expect(window('2026-11-20T10:17:00.000Z')).toEqual([
      '2026-11-06T11:00:00.000Z',
      '2026-11-06T11:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
    ]);
    // On the hour exactly, 14 days back is still inside.
    expect(window('2026-11-20T10:00:00.000Z')[0]).toBe('2026-11-06T10:00:00.000Z');
  });

  it('later runs: new hours from where the last one stopped, asked with the 48 settling hours before them', () => {
    expect(window('2026-11-20T11:05:00.000Z', '2026-11-20T10:00:00.000Z')).toEqual([
      '2026-11-18T11:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
      '2026-11-20T11:00:00.000Z',
    ]);
    // A second run in the same hour has no new hour, only the settling ones.
    expect(window('2026-11-20T10:40:00.000Z', '2026-11-20T10:00:00.000Z')).toEqual([
      '2026-11-18T10:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
    ]);
  });

  it('a run after weeks of failures reaches back 14 days at most; a stop in the future collects nothing new', () => {
    expect(window('2026-11-20T10:17:00.000Z', '2026-10-01T00:00:00.000Z').slice(0, 2)).toEqual([
      '2026-11-06T11:00:00.000Z',
      '2026-11-06T11:00:00.000Z',
    ]);
    expect(window('2026-11-20T10:17:00.000Z', '2026-11-20T15:00:00.000Z').slice(1)).toEqual([
      '2026-11-20T10:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
    ]);
  });
});
