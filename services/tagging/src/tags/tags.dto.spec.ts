import { TAG_RULE_MESSAGES } from '@infra/contracts';
import { bodyErrorsOf, queryErrorsOf } from '@infra/platform/testing';
import { CreateTagsDto, TagListQueryDto, UpdateTagDto } from './tags.dto';
import { repeatedPairs } from './tags.service';

const create = (...tags: object[]) => bodyErrorsOf(CreateTagsDto, { tags });
const one = (tag: object) => create({ key: 'env', value: 'prod', ...tag });

describe('batchCreateTag rules (spec §5)', () => {
  it('accepts keys, values and descriptions at their limits', async () => {
    expect(
      await one({
        key: `A-z_0-9${'k'.repeat(505)}`,
        value: `V_1-${'v'.repeat(252)}`,
        description: `a.b,c_d-1${'d'.repeat(247)}`,
      }),
    ).toEqual([]);
    expect(await one({ description: '' })).toEqual([]);
  });

  it.each([
    ['a key with a space', { key: 'has space' }, TAG_RULE_MESSAGES.key],
    ['an empty key', { key: '' }, TAG_RULE_MESSAGES.keyRequired],
    ['a missing key', { key: undefined }, TAG_RULE_MESSAGES.keyRequired],
    ['a key over 512 characters', { key: 'k'.repeat(513) }, TAG_RULE_MESSAGES.key],
    ['a key with a period', { key: 'a.b' }, TAG_RULE_MESSAGES.key],
    ['a key that is not text', { key: 42 }, TAG_RULE_MESSAGES.key],
    ['a value with a space', { value: 'has space' }, TAG_RULE_MESSAGES.value],
    ['an empty value', { value: '' }, TAG_RULE_MESSAGES.valueRequired],
    ['a value over 256 characters', { value: 'v'.repeat(257) }, TAG_RULE_MESSAGES.value],
    ['a value with a colon', { value: 'a:b' }, TAG_RULE_MESSAGES.value],
    ['a description with a space', { description: 'two words' }, TAG_RULE_MESSAGES.description],
    ['a description over 256 characters', { description: 'd'.repeat(257) }, TAG_RULE_MESSAGES.description],
    ['a description with a control character', { description: 'a\u0000b' }, TAG_RULE_MESSAGES.description],
    ['a description with an accent', { description: 'café' }, TAG_RULE_MESSAGES.description],
  ])('refuses %s with the rule of the field', async (_, tag, message) => {
    expect(await one(tag)).toEqual([expect.stringContaining(message)]);
  });

  it('names the row of the batch that breaks a rule', async () => {
    const errors = await create({ key: 'ok', value: 'v' }, { key: 'bad key', value: 'v' });
    expect(errors).toEqual([expect.stringMatching(/^tags\.1\./)]);
    expect(errors[0]).toContain(TAG_RULE_MESSAGES.key);
  });

  it('needs between 1 and 5000 tags', async () => {
    expect(await create()).not.toEqual([]);
    const many = Array.from({ length: 5001 }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    expect(await bodyErrorsOf(CreateTagsDto, { tags: many })).toEqual([expect.stringContaining('5000')]);
  });

  it('finds pairs repeated in a batch whatever their letter case', () => {
    expect(
      repeatedPairs([
        { key: 'env', value: 'prod' },
        { key: 'ENV', value: 'Prod' },
        { key: 'env', value: 'dev' },
      ]),
    ).toEqual(['ENV:Prod']);
    expect(
      repeatedPairs([
        { key: 'a', value: 'b' },
        { key: 'a', value: 'c' },
      ]),
    ).toEqual([]);
  });
});

describe('updateTag rules', () => {
  it('accepts a description and an archived flag, and refuses anything else', async () => {
    expect(await bodyErrorsOf(UpdateTagDto, { description: 'new,text', archived: true })).toEqual([]);
    expect(await bodyErrorsOf(UpdateTagDto, { description: 'two words' })).toEqual([
      expect.stringContaining(TAG_RULE_MESSAGES.description),
    ]);
    expect(await bodyErrorsOf(UpdateTagDto, { archived: 'yes' })).not.toEqual([]);
    expect(await bodyErrorsOf(UpdateTagDto, { key: 'renamed' })).not.toEqual([]);
  });
});

describe('GET tags query', () => {
  it('reads comma- and pipe-separated ids, booleans and statuses', async () => {
    const id = '6f1c1d9e-3a56-4a43-9b87-1b4b1c1f0f11';
    expect(
      await queryErrorsOf(TagListQueryDto, {
        tagIds: `${id}|${id}`,
        collectionIds: id,
        includeSystemTags: 'true',
        includeTagAssets: 'false',
        status: 'Active,Pending',
      }),
    ).toEqual([]);
    expect(await queryErrorsOf(TagListQueryDto, { tagIds: 'nope' })).not.toEqual([]);
    expect(await queryErrorsOf(TagListQueryDto, { includeSystemTags: 'yes' })).not.toEqual([]);
    expect(await queryErrorsOf(TagListQueryDto, { status: 'Gone' })).not.toEqual([]);
  });
});

describe('batchCreateTag body shape', () => {
  it('refuses an item that is not an object (`{"tags":[[]]}` answered 500)', async () => {
    for (const item of [[], [{ key: 'env', value: 'prod' }]]) {
      expect(await create(item)).toContain('each item of tags must be an object');
    }
    for (const item of ['env:prod', null]) expect(await bodyErrorsOf(CreateTagsDto, { tags: [item] })).not.toEqual([]);
    expect(await create({ key: 'env', value: 'prod' })).toEqual([]);
  });
});
