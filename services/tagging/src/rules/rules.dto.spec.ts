import { bodyErrorsOf } from '@infra/platform/testing';
import { TAGGING_LIMITS } from '@infra/contracts';
import { NO_CONDITION_MESSAGE, RULE_CONDITION_LIMITS, RulePreviewRequestDto, SaveRuleDto } from './rules.dto';

const tagId = '7d3b7f4e-3f3c-4a8e-9a57-0d8e2f7c1b11';
const valid = { name: 'web servers', tagId, conditions: { sites: ['us-east-1a'] } };
const errorsOf = (body: object) => bodyErrorsOf(SaveRuleDto, body);
const withConditions = (conditions: object) => errorsOf({ ...valid, conditions });

describe('SaveRuleDto', () => {
  it('takes a name, a tag and conditions of every kind, enabled or not', async () => {
    expect(await errorsOf(valid)).toEqual([]);
    expect(
      await errorsOf({
        ...valid,
        enabled: false,
        conditions: { sites: ['a'], instanceTypes: ['m5.large'], namePattern: 'web-*', collectionIds: [tagId] },
      }),
    ).toEqual([]);
  });

  it('refuses a rule without any condition, saying it would tag everything', async () => {
    expect(await withConditions({})).toEqual([NO_CONDITION_MESSAGE]);
    expect(await withConditions({ sites: [], namePattern: '  ' })).toEqual([NO_CONDITION_MESSAGE]);
    expect(NO_CONDITION_MESSAGE).toContain('would tag every asset');
    expect(await errorsOf({ name: 'x', tagId })).toEqual(expect.arrayContaining([NO_CONDITION_MESSAGE]));
  });

  it('takes a name up to the limit, not blank, without control characters', async () => {
    const max = TAGGING_LIMITS.ruleNameMaxLength;
    expect(await errorsOf({ ...valid, name: 'x'.repeat(max) })).toEqual([]);
    expect(await errorsOf({ ...valid, name: 'x'.repeat(max + 1) })).toEqual([
      `name must be shorter than or equal to ${max} characters`,
    ]);
    expect(await errorsOf({ ...valid, name: '  ' })).toEqual(['name must not be blank']);
    expect(await errorsOf({ ...valid, name: 'web\u0000' })).toEqual(['name must not contain control characters']);
  });

  it('takes a tag id that is a UUID', async () => {
    expect(await errorsOf({ ...valid, tagId: 'env:prod' })).toEqual(['tagId must be a UUID']);
  });

  it('limits the lists and their values, and refuses control characters in them', async () => {
    const { valuesMax, valueMaxLength } = RULE_CONDITION_LIMITS;
    expect(await withConditions({ sites: Array.from({ length: valuesMax }, (_, i) => `s${i}`) })).toEqual([]);
    expect(await withConditions({ sites: Array.from({ length: valuesMax + 1 }, (_, i) => `s${i}`) })).toEqual([
      `conditions.sites must contain no more than ${valuesMax} elements`,
    ]);
    expect(await withConditions({ instanceTypes: ['x'.repeat(valueMaxLength + 1)] })).toEqual([
      `conditions.each value in instanceTypes must be shorter than or equal to ${valueMaxLength} characters`,
    ]);
    expect(await withConditions({ sites: ['eu\u0007'] })).toEqual([
      'conditions.sites must not contain control characters',
    ]);
    expect(await withConditions({ namePattern: 'x'.repeat(valueMaxLength + 1) })).toEqual([
      `conditions.namePattern must be shorter than or equal to ${valueMaxLength} characters`,
    ]);
    expect(await withConditions({ namePattern: 'web\n*' })).toEqual([
      'conditions.namePattern must not contain control characters',
    ]);
    expect(await withConditions({ collectionIds: ['web'] })).toEqual([
      'conditions.each value in collectionIds must be a UUID',
    ]);
    expect(await withConditions({ sites: 'us-east-1a' })).toEqual(
      expect.arrayContaining(['conditions.sites must be an array']),
    );
  });

  it('refuses fields a client must not choose', async () => {
    expect(await errorsOf({ ...valid, createdBy: tagId })).toEqual(['property createdBy should not exist']);
    expect(await withConditions({ sites: ['a'], status: ['Active'] })).toEqual([
      'conditions.property status should not exist',
    ]);
  });
});

describe('RulePreviewRequestDto', () => {
  it('takes conditions alone, with at least one condition', async () => {
    expect(await bodyErrorsOf(RulePreviewRequestDto, { conditions: { namePattern: 'web-*' } })).toEqual([]);
    expect(await bodyErrorsOf(RulePreviewRequestDto, { conditions: {} })).toEqual([NO_CONDITION_MESSAGE]);
    expect(await bodyErrorsOf(RulePreviewRequestDto, valid)).toEqual([
      'property name should not exist',
      'property tagId should not exist',
    ]);
  });
});
