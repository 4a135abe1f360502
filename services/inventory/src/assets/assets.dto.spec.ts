import { BadRequestException, type PipeTransform, type Type, ValidationPipe } from '@nestjs/common';
import { VALIDATION_PIPE_OPTIONS } from '@infra/platform';
import { bodyErrorsOf } from '@infra/platform/testing';
import fc from 'fast-check';
import { AssetUpsertItemDto, isValidAssetItem, UpsertAssetsDto, upsertAssetsBodyPipe } from './assets.dto';

const upsert = (...assets: unknown[]) => bodyErrorsOf(UpsertAssetsDto, { assets });

describe('PUT assets body shape', () => {
  it('accepts a list of asset objects', async () => {
    expect(await upsert({ externalId: 'i-1', name: 'web-1', cpu_cores: 4 })).toEqual([]);
  });

  it('refuses an item that is not an object (`{"assets":[[]]}` answered 500)', async () => {
    for (const item of [[], [{ externalId: 'i-1', name: 'web-1' }]]) {
      expect(await upsert({ externalId: 'i-2', name: 'ok' }, item)).toContain('each item of assets must be an object');
    }
    for (const item of ['i-1', 7, null]) expect(await upsert(item)).not.toEqual([]);
  });
});

describe('upsertAssetsBodyPipe', () => {
  const global = new ValidationPipe(VALIDATION_PIPE_OPTIONS);
  const answerOf = async (pipe: PipeTransform, body: unknown, metatype: Type<object>) => {
    try {
      return { value: (await pipe.transform(body, { type: 'body', metatype })) as unknown };
    } catch (error) {
      return { error: (error as BadRequestException).getResponse() };
    }
  };

  it.each([
    ['valid assets', { assets: [{ externalId: 'i-1', name: 'web-1', cpu_cores: 4, status: 'active' }] }],
    [
      'an invalid asset among valid ones',
      {
        assets: [
          { externalId: 'i-1', name: 'a' },
          { externalId: '', cpu_cores: -1 },
        ],
      },
    ],
    ['items that are no objects', { assets: [[], 'i-1', null, { externalId: 'i-1', name: 'a' }] }],
    ['an unknown attribute', { assets: [{ externalId: 'i-1', name: 'a', colour: 'red' }] }],
    ['no assets', { assets: [] }],
    ['assets that are no list', { assets: 'i-1' }],
    ['another property', { assets: [{ externalId: 'i-1', name: 'a' }], extra: 1 }],
    ['no object', [{ externalId: 'i-1', name: 'a' }]],
  ])('answers as the global pipe on the dto for %s', async (_, body) => {
    const sliced = await answerOf(upsertAssetsBodyPipe(), structuredClone(body), Object);
    const whole = await answerOf(global, structuredClone(body), UpsertAssetsDto);
    expect(sliced).toEqual(whole);
  });

  it('takes valid assets as they are, checked in plain code', async () => {
    const assets = [
      { externalId: 'i-1', name: 'web-1', memory: 8, cpu_cores: 2, site: null, current_generation: true },
    ];
    const { value } = await answerOf(upsertAssetsBodyPipe(), { assets }, Object);
    expect((value as UpsertAssetsDto).assets).toEqual(assets);
  });

  it('judges 1000 assets the plain check leaves to the dto a slice at a time, letting other work run', async () => {
    // An emoji (a surrogate pair) is counted otherwise by class-validator: such names go to the dto.
    const assets = Array.from({ length: 1000 }, (_, n) => ({ externalId: `i-${n}`, name: `web-${n} 🚀`, memory: 8 }));
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const { value } = await answerOf(upsertAssetsBodyPipe(), { assets }, Object);
    clearInterval(ticking);
    expect((value as UpsertAssetsDto).assets).toHaveLength(1000);
    expect((value as UpsertAssetsDto).assets[999]).toBeInstanceOf(AssetUpsertItemDto);
    expect(turns).toBeGreaterThan(0);
  });
});

describe('isValidAssetItem (the plain check) is never looser than the dto', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 10 }),
    fc.constantFrom('', ' ', '\u0000', 'a\u0085b', '\uFE0F', '\ud83d\ude80', 'x'.repeat(300), 'x'.repeat(2000)),
  );
  const anything = fc.oneof(
    text,
    fc.double(),
    fc.integer({ min: -5, max: 2_000_000 }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('active', 'inactive', 'archived', 'ACTIVE', 4.5, -0, 1e308),
    fc.array(fc.integer(), { maxLength: 2 }),
  );
  const keys = fc.constantFrom(
    'externalId',
    'name',
    'status',
    'instance_type',
    'site',
    'memory',
    'cpu_cores',
    'cpu_speed',
    'current_generation',
    'network_bandwidth_max',
    'storage_throughput',
    'colour',
  );
  const item = fc
    .record({ externalId: text, name: text })
    .chain((required) => fc.dictionary(keys, anything, { maxKeys: 6 }).map((more) => ({ ...required, ...more })));

  it('accepts nothing the dto refuses (fixed seed)', async () => {
    let plainAccepted = 0;
    await fc.assert(
      fc.asyncProperty(item, async (candidate) => {
        if (!isValidAssetItem(candidate)) return;
        plainAccepted++;
        expect(await bodyErrorsOf(UpsertAssetsDto, { assets: [candidate] })).toEqual([]);
      }),
      { seed: 20261128, numRuns: 3000 },
    );
    // The property is not vacuous: many generated items pass the plain check.
    expect(plainAccepted).toBeGreaterThan(50);
  });
});
