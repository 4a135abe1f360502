import type { AuditDetail, AuditRuleConditions } from '@infra/contracts';
import type { TFunction } from 'i18next';

const KEY = 'tags.audit.details';

/** A rule's conditions in the reader's language: "site in (us-east-1a), name like web-*". */
function conditionsText(t: TFunction, conditions: AuditRuleConditions): string {
  const parts: string[] = [];
  if (conditions.sites) parts.push(t(`${KEY}.conditionSites`, { values: conditions.sites.join(', ') }));
  if (conditions.instanceTypes)
    parts.push(t(`${KEY}.conditionInstanceTypes`, { values: conditions.instanceTypes.join(', ') }));
  if (conditions.namePattern) parts.push(t(`${KEY}.conditionNamePattern`, { pattern: conditions.namePattern }));
  if (conditions.collections !== undefined)
    parts.push(t(`${KEY}.conditionCollections`, { count: conditions.collections }));
  return parts.join(', ');
}

function ruleSummary(t: TFunction, params: { tag: string; conditions: AuditRuleConditions; enabled: boolean }) {
  return t(params.enabled ? `${KEY}.ruleSummary` : `${KEY}.ruleSummaryDisabled`, {
    tag: params.tag,
    conditions: conditionsText(t, params.conditions),
  });
}

/**
 * An audit entry's detail (a code with parameters, from the tagging service) in the reader's language. An
 * entry written before details had codes that the service could not read back is its stored text.
 */
export function auditDetailText(t: TFunction, detail: AuditDetail): string {
  switch (detail.detailCode) {
    case 'ruleCreated':
      return t(`${KEY}.ruleCreated`, { rule: detail.detailParams.rule, summary: ruleSummary(t, detail.detailParams) });
    case 'ruleUpdated': {
      const { rule, previousName } = detail.detailParams;
      const summary = ruleSummary(t, detail.detailParams);
      return previousName === null
        ? t(`${KEY}.ruleUpdated`, { rule, summary })
        : t(`${KEY}.ruleRenamed`, { rule, previousName, summary });
    }
    case 'tagCreated':
    case 'tagCreatedByImport':
    case 'tagDescriptionChanged':
    case 'tagArchived':
    case 'tagRestored':
    case 'tagAssigned':
    case 'tagUnassigned':
    case 'systemTagsRefreshed':
    case 'tagsImported':
    case 'ruleDeleted':
    case 'ruleApplied':
    case 'ruleAppliedToAsset':
    case 'text':
      return t(`${KEY}.${detail.detailCode}`, detail.detailParams);
  }
}
