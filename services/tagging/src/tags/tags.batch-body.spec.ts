import { TAGGING_LIMITS } from '@infra/contracts';
import { bodyErrorsOf, routeBodyErrorsOf, routeBodyOf } from '@infra/platform/testing';
import { TagsController } from './tags.controller';
import { CreateTagsDto } from './tags.dto';

// The 5000-tag cases take a while of a busy machine: a generous deadline, never a measure.
jest.setTimeout(120_000);

const tagsOf = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ key: 'env', value: `v${n}`, description: 'd' }));
const route = (body: unknown) => routeBodyErrorsOf(TagsController, 'createMany', body);

describe('POST tags/batch body, as the route takes it (5000 tags)', () => {
  it.each<[string, unknown]>([
    ['valid tags', { tags: tagsOf(3) }],
    [
      'a tag without a description, or a null one',
      {
        tags: [
          { key: 'k', value: 'v' },
          { key: 'k', value: 'w', description: null },
        ],
      },
    ],
    ['no tags', { tags: [] }],
    ['a key with a space', { tags: [...tagsOf(2), { key: 'two words', value: 'v' }] }],
    ['a value that is a number', { tags: [{ key: 'k', value: 5 }] }],
    ['a description with a hash', { tags: [{ key: 'k', value: 'v', description: 'a#b' }] }],
    ['an unknown key in a tag', { tags: [{ key: 'k', value: 'v', owner: 'me' }] }],
    ['tags that are not objects', { tags: [null, 'k=v', ...tagsOf(1), [1]] }],
    ['an unknown key in the body', { tags: tagsOf(1), owner: 'me' }],
    ['tags that are not an array', { tags: { key: 'k', value: 'v' } }],
    ['no tags at all', {}],
    ['5001 tags', { tags: tagsOf(TAGGING_LIMITS.createBatchMax + 1) }],
  ])('answers %s exactly as the documented class does', async (_, body) => {
    expect(await route(body)).toEqual(await bodyErrorsOf(CreateTagsDto, body as object));
  });

  it('hands the service the tags as they came', async () => {
    const body = { tags: tagsOf(3) };
    expect(await routeBodyOf(TagsController, 'createMany', body)).toEqual(body);
  });

  it('checks 5000 tags in steps, letting the event loop run between them', async () => {
    let finished = false;
    let yielded = false;
    setImmediate(() => (yielded = !finished));
    // Before: 5000 NewTagDto instances built and validated in one go (70 ms of a quiet core, 700 ms of a busy one).
    expect(await route({ tags: tagsOf(TAGGING_LIMITS.createBatchMax) })).toEqual([]);
    finished = true;
    expect(yielded).toBe(true);
  });
});
