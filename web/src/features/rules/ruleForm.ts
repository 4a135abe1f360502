import { TAGGING_LIMITS, type RuleConditions, type RuleDto, type SaveRuleRequest } from '@infra/contracts';

/** The rule dialog's form and its rules. */
export interface RuleForm {
  name: string;
  /** The tag's id (not its readable tagId); empty until one is picked. */
  tagId: string;
  sites: string[];
  instanceTypes: string[];
  namePattern: string;
  collectionIds: string[];
  enabled: boolean;
}

export const EMPTY_RULE_FORM: RuleForm = {
  name: '',
  tagId: '',
  sites: [],
  instanceTypes: [],
  namePattern: '',
  collectionIds: [],
  enabled: true,
};

/** Longest name pattern accepted in the form (our choice; the contract sets none). */
export const NAME_PATTERN_MAX_LENGTH = 200;

export function ruleFormOf(rule: RuleDto | null): RuleForm {
  if (!rule) return EMPTY_RULE_FORM;
  const { sites = [], instanceTypes = [], namePattern = '', collectionIds = [] } = rule.conditions;
  return {
    name: rule.name,
    tagId: rule.tagId,
    sites,
    instanceTypes,
    namePattern,
    collectionIds,
    enabled: rule.enabled,
  };
}

/** The conditions of a form: blank entries dropped, empty conditions left out. */
export function conditionsOf(form: RuleForm): RuleConditions {
  const list = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];
  const sites = list(form.sites);
  const instanceTypes = list(form.instanceTypes);
  const namePattern = form.namePattern.trim();
  return {
    ...(sites.length > 0 ? { sites } : {}),
    ...(instanceTypes.length > 0 ? { instanceTypes } : {}),
    ...(namePattern ? { namePattern } : {}),
    ...(form.collectionIds.length > 0 ? { collectionIds: form.collectionIds } : {}),
  };
}

export function saveRuleRequestOf(form: RuleForm): SaveRuleRequest {
  return { name: form.name.trim(), tagId: form.tagId, conditions: conditionsOf(form), enabled: form.enabled };
}

export type RuleFormIssues = Partial<Record<'name' | 'tagId' | 'conditions' | 'namePattern', string>>;

/**
 * Translation keys of the form's broken rules: a name (up to the contract's length), a tag, and at least one
 * condition, so that a rule never tags every asset by mistake (our choice).
 */
export function ruleFormIssues(form: RuleForm): RuleFormIssues {
  const issues: RuleFormIssues = {};
  const name = form.name.trim();
  if (!name || name.length > TAGGING_LIMITS.ruleNameMaxLength) issues.name = 'rules.errors.name';
  if (!form.tagId) issues.tagId = 'rules.errors.tag';
  if (form.namePattern.trim().length > NAME_PATTERN_MAX_LENGTH) issues.namePattern = 'rules.errors.namePattern';
  if (Object.keys(conditionsOf(form)).length === 0) issues.conditions = 'rules.errors.conditions';
  return issues;
}

/** The conditions of a rule as labelled lists (translation key and values), in the form's order. */
export function conditionParts(
  conditions: RuleConditions,
  collectionName: (id: string) => string,
): { key: string; values: string[] }[] {
  const parts = [
    { key: 'rules.form.sites', values: conditions.sites ?? [] },
    { key: 'rules.form.instanceTypes', values: conditions.instanceTypes ?? [] },
    { key: 'rules.form.namePattern', values: conditions.namePattern ? [conditions.namePattern] : [] },
    { key: 'rules.form.collections', values: (conditions.collectionIds ?? []).map(collectionName) },
  ];
  return parts.filter((part) => part.values.length > 0);
}
