import type { RuleDto } from '@infra/contracts';
import {
  conditionParts,
  conditionsOf,
  EMPTY_RULE_FORM,
  ruleFormIssues,
  ruleFormOf,
  saveRuleRequestOf,
} from './ruleForm';

describe('the rule form', () => {
  it('drops blank and repeated values and leaves out empty conditions', () => {
    const form = {
      ...EMPTY_RULE_FORM,
      sites: [' us-east-1a ', '', 'us-east-1a'],
      namePattern: '  ',
      collectionIds: ['c1'],
    };
    expect(conditionsOf(form)).toEqual({ sites: ['us-east-1a'], collectionIds: ['c1'] });
  });

  it('needs a name, a tag and at least one condition', () => {
    expect(ruleFormIssues(EMPTY_RULE_FORM)).toEqual({
      name: 'rules.errors.name',
      tagId: 'rules.errors.tag',
      conditions: 'rules.errors.conditions',
    });
    const form = { ...EMPTY_RULE_FORM, name: ' Web ', tagId: 't1', namePattern: 'web-*' };
    expect(ruleFormIssues(form)).toEqual({});
    expect(saveRuleRequestOf(form)).toEqual({
      name: 'Web',
      tagId: 't1',
      conditions: { namePattern: 'web-*' },
      enabled: true,
    });
    expect(ruleFormIssues({ ...form, name: 'n'.repeat(101) })).toEqual({ name: 'rules.errors.name' });
  });

  it('round-trips a saved rule and describes its conditions', () => {
    const rule: RuleDto = {
      id: 'r1',
      name: 'Web',
      tagId: 't1',
      conditions: { instanceTypes: ['m5.large'], collectionIds: ['c1', 'gone'] },
      enabled: false,
      createdAt: '',
      updatedAt: '',
    };
    const form = ruleFormOf(rule);
    expect(saveRuleRequestOf(form)).toEqual({ name: 'Web', tagId: 't1', conditions: rule.conditions, enabled: false });
    expect(conditionParts(rule.conditions, (id) => (id === 'c1' ? 'Web tier' : id))).toEqual([
      { key: 'rules.form.instanceTypes', values: ['m5.large'] },
      { key: 'rules.form.collections', values: ['Web tier', 'gone'] },
    ]);
  });
});
