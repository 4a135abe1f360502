import { BUSINESS_EVENT_LIMITS } from '@infra/contracts';
import { bodyErrorsOf, routeBodyErrorsOf, routeBodyOf } from '@infra/platform/testing';
import { BusinessEventsController } from './business-events.controller';
import { UpsertBusinessEventImpactDto } from './business-events.dto';

const ID = '6f1c1d9e-3a56-4a43-9b87-1b4b1c1f0f11';
const assetIdOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const impactsOf = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ assetId: assetIdOf(n), impactPercent: (n % 200) - 100 }));
// The 100,000-item cases take seconds of a busy machine: a generous deadline, never a measure.
jest.setTimeout(120_000);

const route = (body: unknown) => routeBodyErrorsOf(BusinessEventsController, 'upsertImpact', body);

/** Resolves with `work`'s result and whether a callback queued on the event loop before it ran before it ended. */
async function yieldsWhile<T>(work: () => Promise<T>): Promise<{ result: T; yielded: boolean }> {
  let finished = false;
  let yielded = false;
  setImmediate(() => (yielded = !finished));
  const result = await work();
  finished = true;
  return { result, yielded };
}

describe('PUT business-events/impact body, as the route takes it (100,000 items)', () => {
  it.each<[string, unknown]>([
    ['a valid body', { businessEventId: ID, impacts: impactsOf(3) }],
    ['no impacts', { businessEventId: ID, impacts: [] }],
    ['a percent as text', { businessEventId: ID, impacts: [...impactsOf(2), { assetId: ID, impactPercent: '5' }] }],
    ['an asset id that is not a UUID', { businessEventId: ID, impacts: [{ assetId: 'x', impactPercent: 5 }] }],
    ['a missing percent and asset', { businessEventId: ID, impacts: [{}, { assetId: ID }, { impactPercent: 1 }] }],
    ['an unknown key in an item', { businessEventId: ID, impacts: [{ assetId: ID, impactPercent: 1, owner: 'me' }] }],
    ['an unknown key in the body', { businessEventId: ID, impacts: impactsOf(1), owner: 'me' }],
    ['items that are not objects', { businessEventId: ID, impacts: [null, 5, 'x', true, ...impactsOf(1), 7] }],
    ['an item that is an array', { businessEventId: ID, impacts: [[{ assetId: ID, impactPercent: 1 }]] }],
    ['an item with an object percent', { businessEventId: ID, impacts: [{ assetId: ID, impactPercent: { n: 1 } }] }],
    ['a bad event id and bad items', { businessEventId: 'x', impacts: [{ assetId: 1, impactPercent: null }] }],
    ['a missing event id', { impacts: impactsOf(2) }],
    ['missing impacts', { businessEventId: ID }],
    ['impacts that are an object', { businessEventId: ID, impacts: { assetId: ID, impactPercent: 1 } }],
    ['impacts that are text', { businessEventId: ID, impacts: 'all' }],
    ['an empty body', {}],
  ])('answers %s exactly as the documented class does', async (_, body) => {
    expect(await route(body)).toEqual(await bodyErrorsOf(UpsertBusinessEventImpactDto, body as object));
  });

  it('answers an item with a __proto__ key as the documented class does', async () => {
    const body = JSON.parse(
      `{"businessEventId":"${ID}","impacts":[{"assetId":"${ID}","impactPercent":1,"__proto__":{}}]}`,
    );
    const again = JSON.parse(JSON.stringify(body)) as object;
    expect(await route(body)).toEqual(await bodyErrorsOf(UpsertBusinessEventImpactDto, again));
  });

  it('hands the service the body as it came, every item a plain object', async () => {
    const body = { businessEventId: ID, impacts: impactsOf(3) };
    expect(await routeBodyOf(BusinessEventsController, 'upsertImpact', body)).toEqual(body);
  });

  it('validates 100,000 impacts in steps, letting the event loop run between them', async () => {
    const body = { businessEventId: ID, impacts: impactsOf(BUSINESS_EVENT_LIMITS.impactsMax) };
    // Before: class-transformer + class-validator built and checked 100,000 instances in one go (8 s of one core):
    // nothing else of the service ran meanwhile, its health check neither.
    const { result, yielded } = await yieldsWhile(() => route(body));
    expect(result).toEqual([]);
    expect(yielded).toBe(true);
  });

  it('refuses 100,001 impacts with the limit, and bad items with their index, in steps as well', async () => {
    const over = { businessEventId: ID, impacts: impactsOf(BUSINESS_EVENT_LIMITS.impactsMax + 1) };
    expect(await route(over)).toEqual([
      `impacts must contain no more than ${BUSINESS_EVENT_LIMITS.impactsMax} elements`,
    ]);

    const impacts: unknown[] = impactsOf(BUSINESS_EVENT_LIMITS.impactsMax);
    impacts[99_998] = { assetId: 'x', impactPercent: 1 };
    impacts[5] = { assetId: ID, impactPercent: '5' };
    const { result, yielded } = await yieldsWhile(() => route({ businessEventId: ID, impacts }));
    expect(result).toEqual([
      'impacts.5.impactPercent must be a number conforming to the specified constraints',
      'impacts.99998.assetId must be a UUID',
    ]);
    expect(yielded).toBe(true);
  });

  it('names bad items only up to the message length limit, as the documented class does', async () => {
    // 30 items whose unknown key makes a 50,000-character message: the pipe's 1,000,000 characters run out.
    const long = (n: number) => ({ assetId: ID, impactPercent: 1, [`${n}`.padEnd(50_000, 'k')]: true });
    const body = () => ({
      businessEventId: ID,
      impacts: [...impactsOf(3), ...Array.from({ length: 30 }, (_, n) => long(n))],
    });
    const messages = await route(body());
    expect(messages.at(-1)).toBe('Further validation errors were omitted');
    expect(messages).toEqual(await bodyErrorsOf(UpsertBusinessEventImpactDto, body()));
  });
});
