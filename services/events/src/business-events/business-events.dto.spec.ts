import { BUSINESS_EVENT_LIMITS, BUSINESS_EVENT_RULE_MESSAGES } from '@infra/contracts';
import { bodyErrorsOf, queryErrorsOf } from '@infra/platform/testing';
import {
  BusinessEventListQueryDto,
  BusinessEventTargetQueryDto,
  CreateBusinessEventDto,
  UpdateBusinessEventDto,
  UpsertBusinessEventImpactDto,
} from './business-events.dto';
import { rulesOf, windowOf } from './business-events.service';

const ID = '6f1c1d9e-3a56-4a43-9b87-1b4b1c1f0f11';
const OTHER = '0b7e2a8c-52f4-4e8e-9a43-2f0f5d3c1a22';
const valid = { name: 'Black_Friday-2026', startDate: '2026-11-27T00:00:00Z', endDate: '2026-11-30T23:59:59Z' };
const create = (change: object) => bodyErrorsOf(CreateBusinessEventDto, { ...valid, ...change });
const { name: NAME, description: DESCRIPTION, dates: DATES } = BUSINESS_EVENT_RULE_MESSAGES;

describe('business event rules (spec §5)', () => {
  it('accepts names, descriptions and dates at their limits', async () => {
    expect(await create({})).toEqual([]);
    expect(await create({ name: 'n'.repeat(50), description: "a-z_0.9,~!$&'()*+/:;=?@%" })).toEqual([]);
    expect(await create({ description: 'd'.repeat(512) })).toEqual([]);
    expect(await create({ description: '' })).toEqual([]);
    // Equal dates: an instant event.
    expect(await create({ startDate: '2026-03-01T10:00:00Z', endDate: '2026-03-01T10:00:00Z' })).toEqual([]);
    // Dates only, and offsets (stored as UTC).
    expect(await create({ startDate: '2026-03-01', endDate: '2026-03-02' })).toEqual([]);
    expect(await create({ startDate: '2026-03-01T10:00:00+02:00', endDate: '2026-03-01T08:00:00Z' })).toEqual([]);
  });

  it.each([
    ['a 51-character name', { name: 'n'.repeat(51) }, NAME],
    ['an empty name', { name: '' }, NAME],
    ['a missing name', { name: undefined }, NAME],
    ['a name with a space', { name: 'Black Friday' }, NAME],
    ['a name with a period', { name: 'v1.2' }, NAME],
    ['a name with an accent', { name: 'Café' }, NAME],
    ['a name that is not text', { name: 42 }, NAME],
    ['a description with a space', { description: 'two words' }, DESCRIPTION],
    ['a description over 512 characters', { description: 'd'.repeat(513) }, DESCRIPTION],
    ['a description with a control character', { description: 'a\u0000b' }, DESCRIPTION],
    ['a description with a hash', { description: 'a#b' }, DESCRIPTION],
    ['an end before the start', { startDate: '2026-03-02T00:00:00Z', endDate: '2026-03-01T23:59:59Z' }, DATES],
    ['a missing start date', { startDate: undefined }, DATES],
    ['a missing end date', { endDate: undefined }, DATES],
    ['both dates missing', { startDate: undefined, endDate: undefined }, DATES],
    ['a start date that is not a date', { startDate: 'tomorrow' }, DATES],
    ['an impossible date', { endDate: '2026-02-30T00:00:00Z' }, DATES],
    ['a date that is a number', { startDate: 1767225600000 }, DATES],
  ])('refuses %s with the rule of the field, once', async (_, change, message) => {
    expect(await create(change)).toEqual([message]);
  });

  it('takes an assignment of collections, tags and assets within the limits, and nothing else', async () => {
    expect(await create({ assignment: { collectionIds: [ID], tagIds: [OTHER], assetIds: [ID, OTHER] } })).toEqual([]);
    expect(await create({ assignment: { assetIds: [ID] } })).toEqual([]);
    expect(await create({ assignment: { collectionIds: ['not-a-uuid'], tagIds: [], assetIds: [] } })).toEqual([
      'assignment.each value in collectionIds must be a UUID',
    ]);
    const many = (count: number) => Array.from({ length: count }, () => ID);
    const { assignCollectionsMax, assignTagsMax, assignAssetsMax } = BUSINESS_EVENT_LIMITS;
    expect(await create({ assignment: { collectionIds: many(assignCollectionsMax + 1) } })).toHaveLength(1);
    expect(await create({ assignment: { tagIds: many(assignTagsMax + 1) } })).toHaveLength(1);
    expect(await create({ assignment: { assetIds: many(assignAssetsMax + 1) } })).toHaveLength(1);
    expect(await create({ assignment: { assetIds: many(assignAssetsMax) } })).toEqual([]);
    expect(await create({ assignment: { viewIds: [ID] } })).not.toEqual([]);
    expect(await create({ owner: 'me' })).not.toEqual([]);
  });

  it('reads an assignment as rules, each id once, in order', () => {
    expect(rulesOf({ collectionIds: [ID], tagIds: [OTHER, OTHER.toUpperCase()], assetIds: [ID] })).toEqual([
      { kind: 'collection', id: ID },
      { kind: 'tag', id: OTHER },
      { kind: 'asset', id: ID },
    ]);
  });
});

describe('updating an event', () => {
  const update = (body: object) => bodyErrorsOf(UpdateBusinessEventDto, body);

  it('takes any field alone, each under its rule', async () => {
    expect(await update({})).toEqual([]);
    expect(await update({ name: 'Renamed' })).toEqual([]);
    expect(await update({ endDate: '2026-03-01T00:00:00Z' })).toEqual([]);
    expect(await update({ assignment: { collectionIds: [], tagIds: [], assetIds: [] } })).toEqual([]);
    expect(await update({ name: 'two words' })).toEqual([NAME]);
    expect(await update({ description: 'two words' })).toEqual([DESCRIPTION]);
    expect(await update({ endDate: 'soon' })).toEqual([DATES]);
    expect(await update({ startDate: '2026-03-02T00:00:00Z', endDate: '2026-03-01T00:00:00Z' })).toEqual([DATES]);
  });
});

describe('upsertBusinessEventImpact body', () => {
  const upsert = (body: object) => bodyErrorsOf(UpsertBusinessEventImpactDto, body);

  it('takes an event id and impacts (bounds are the service’s: BUSINESS_EVENT_IMPACT_INVALID)', async () => {
    expect(await upsert({ businessEventId: ID, impacts: [] })).toEqual([]);
    expect(await upsert({ businessEventId: ID, impacts: [{ assetId: OTHER, impactPercent: -12.5 }] })).toEqual([]);
    expect(await upsert({ businessEventId: 'x', impacts: [] })).not.toEqual([]);
    expect(await upsert({ businessEventId: ID })).not.toEqual([]);
    expect(await upsert({ businessEventId: ID, impacts: [{ assetId: OTHER, impactPercent: '5' }] })).toEqual([
      expect.stringMatching(/^impacts\.0\.impactPercent/),
    ]);
    expect(await upsert({ businessEventId: ID, impacts: [{ assetId: 'x', impactPercent: 5 }] })).toEqual([
      expect.stringMatching(/^impacts\.0\.assetId/),
    ]);
  });

  it('refuses an item that is not an object (`[[]]` answered 500)', async () => {
    for (const item of [[], [{ assetId: OTHER, impactPercent: 5 }]]) {
      expect(await upsert({ businessEventId: ID, impacts: [item] })).toContain(
        'each item of impacts must be an object',
      );
    }
    for (const item of ['x', 5, null]) expect(await upsert({ businessEventId: ID, impacts: [item] })).not.toEqual([]);
  });

  it('refuses an assignment that is not an object', async () => {
    expect(await create({ assignment: [] })).toContain('assignment must be an object');
    expect(await bodyErrorsOf(UpdateBusinessEventDto, { assignment: [[]] })).toContain('assignment must be an object');
  });
});

describe('queries', () => {
  it('pages the list at most 100 at a time', async () => {
    expect(await queryErrorsOf(BusinessEventListQueryDto, { page: '2', pageSize: '100', search: 'fri' })).toEqual([]);
    expect(await queryErrorsOf(BusinessEventListQueryDto, { pageSize: '101' })).not.toEqual([]);
    expect(await queryErrorsOf(BusinessEventListQueryDto, { page: '0' })).not.toEqual([]);
  });

  it('reads the target filter as comma- or pipe-separated ids', async () => {
    expect(await queryErrorsOf(BusinessEventTargetQueryDto, { tagIds: `${ID}|${OTHER}`, collectionIds: ID })).toEqual(
      [],
    );
    expect(await queryErrorsOf(BusinessEventTargetQueryDto, { tagIds: 'nope' })).not.toEqual([]);
  });

  it('takes a window of two instants, the end after the start, at most 400 days long', () => {
    expect(windowOf('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')).toEqual({
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-02-01T00:00:00Z'),
    });
    expect(windowOf('2026-01-01T00:00:00Z', '2027-02-05T00:00:00Z')).toBeDefined();
    expect(windowOf('2026-01-01T00:00:00Z', '2027-02-05T00:00:01Z')).toBeUndefined();
    expect(windowOf('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(windowOf('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(windowOf(undefined, '2026-01-01T00:00:00Z')).toBeUndefined();
    expect(windowOf('last month', '2026-01-01T00:00:00Z')).toBeUndefined();
  });
});
