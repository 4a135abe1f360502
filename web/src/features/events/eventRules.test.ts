import { BUSINESS_EVENT_RULE_MESSAGES } from '@infra/contracts';
import en from '../../../public/locales/en/translation.json';
import {
  assignmentIssue,
  changedFieldsOf,
  createRequestOf,
  eventFormIssues,
  impactsOf,
  initialExpected,
  isoToZonedLocal,
  zonedLocalToIso,
} from './eventRules';

describe('event rules', () => {
  it('has the contract texts word for word among the English texts', () => {
    expect(en.events.rules).toMatchObject(BUSINESS_EVENT_RULE_MESSAGES);
    expect(en.events.list.empty).toBe('No Events Found');
  });

  it('flags the name, the description and the dates as §5 says', () => {
    const valid = {
      name: 'Black_Friday-2026',
      description: 'Sale:50%',
      start: '2026-11-27T00:00',
      end: '2026-11-27T00:00',
    };
    expect(eventFormIssues(valid, 'UTC')).toEqual({});
    expect(eventFormIssues({ ...valid, name: 'Black Friday' }, 'UTC')).toEqual({ name: 'events.rules.name' });
    expect(eventFormIssues({ ...valid, name: 'x'.repeat(51) }, 'UTC')).toEqual({ name: 'events.rules.name' });
    expect(eventFormIssues({ ...valid, name: '' }, 'UTC')).toEqual({ name: 'events.rules.name' });
    expect(eventFormIssues({ ...valid, description: 'a sale' }, 'UTC')).toEqual({
      description: 'events.rules.description',
    });
    expect(eventFormIssues({ ...valid, end: '2026-11-26T23:59' }, 'UTC')).toEqual({ dates: 'events.rules.dates' });
    expect(eventFormIssues({ ...valid, start: '' }, 'UTC')).toEqual({ dates: 'events.rules.dates' });
  });
});

describe("the account's time zone", () => {
  it('turns a wall-clock time into the UTC instant, across daylight saving time', () => {
    expect(zonedLocalToIso('2026-03-01T09:30', 'UTC')).toBe('2026-03-01T09:30:00.000Z');
    // Toronto: UTC-5 in winter, UTC-4 in summer.
    expect(zonedLocalToIso('2026-01-15T09:00', 'America/Toronto')).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedLocalToIso('2026-07-15T09:00', 'America/Toronto')).toBe('2026-07-15T13:00:00.000Z');
    expect(zonedLocalToIso('2026-07-15T09:00', 'Asia/Kolkata')).toBe('2026-07-15T03:30:00.000Z');
    expect(zonedLocalToIso('', 'UTC')).toBeUndefined();
    expect(zonedLocalToIso('07/15/2026', 'UTC')).toBeUndefined();
    // An unknown zone is read as UTC rather than breaking the form.
    expect(zonedLocalToIso('2026-07-15T09:00', 'Not/AZone')).toBe('2026-07-15T09:00:00.000Z');
  });

  it('shows an instant as the wall-clock time of the zone, and back again', () => {
    expect(isoToZonedLocal('2026-07-15T13:00:00.000Z', 'America/Toronto')).toBe('2026-07-15T09:00');
    expect(isoToZonedLocal('2026-01-15T14:00:00Z', 'America/Toronto')).toBe('2026-01-15T09:00');
    expect(isoToZonedLocal('not a date', 'UTC')).toBe('');
    const local = '2026-11-01T01:30';
    expect(isoToZonedLocal(zonedLocalToIso(local, 'Europe/Paris') ?? '', 'Europe/Paris')).toBe(local);
  });

  it('sends the form as instants, and only the fields an edit changed', () => {
    const form = { name: 'Launch', description: '', start: '2026-07-15T09:00', end: '2026-07-16T09:00' };
    expect(createRequestOf(form, 'America/Toronto')).toEqual({
      name: 'Launch',
      startDate: '2026-07-15T13:00:00.000Z',
      endDate: '2026-07-16T13:00:00.000Z',
    });
    const saved = {
      name: 'Launch',
      description: 'Old',
      startDate: '2026-07-15T13:00:00Z',
      endDate: '2026-07-16T13:00:00Z',
    };
    expect(changedFieldsOf(saved, { ...form, description: 'Old' }, 'America/Toronto')).toEqual({});
    expect(changedFieldsOf(saved, { ...form, end: '2026-07-17T09:00' }, 'America/Toronto')).toEqual({
      description: '',
      endDate: '2026-07-17T13:00:00.000Z',
    });
  });
});

describe('assignment and expected impact', () => {
  it('needs a rule for a new event only, and keeps to the limits', () => {
    const none = { collectionIds: [], tagIds: [], assetIds: [] };
    expect(assignmentIssue(none, true)).toBe('events.assign.required');
    expect(assignmentIssue(none, false)).toBeUndefined();
    expect(assignmentIssue({ ...none, tagIds: Array.from({ length: 101 }, String) }, false)).toBe(
      'events.assign.tooMany',
    );
  });

  it('starts with one percent when every asset has the same, else per asset', () => {
    expect(
      initialExpected([
        { assetId: 'a1', expectedImpactPercent: 10 },
        { assetId: 'a2', expectedImpactPercent: 10 },
      ]),
    ).toEqual({ mode: 'all', all: '10', perAsset: { a1: '10', a2: '10' } });
    expect(initialExpected([{ assetId: 'a1', expectedImpactPercent: null }])).toMatchObject({ mode: 'all', all: '' });
    expect(
      initialExpected([
        { assetId: 'a1', expectedImpactPercent: 10 },
        { assetId: 'a2', expectedImpactPercent: null },
      ]),
    ).toMatchObject({ mode: 'perAsset' });
  });

  it('sends one percent for every asset, or each asset its own (empty ones none)', () => {
    expect(impactsOf('all', '-12.5', {}, ['a1', 'a2'])).toEqual([
      { assetId: 'a1', impactPercent: -12.5 },
      { assetId: 'a2', impactPercent: -12.5 },
    ]);
    expect(impactsOf('all', '', {}, ['a1'])).toBeUndefined();
    expect(impactsOf('all', '-101', {}, ['a1'])).toBeUndefined();
    expect(impactsOf('all', '10001', {}, ['a1'])).toBeUndefined();
    expect(impactsOf('perAsset', '', { a1: '5', a2: '' }, ['a1', 'a2'])).toEqual([{ assetId: 'a1', impactPercent: 5 }]);
    expect(impactsOf('perAsset', '', { a1: 'five' }, ['a1'])).toBeUndefined();
  });
});
