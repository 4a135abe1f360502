import type { AuditDetail, AuditRuleConditions, RuleConditions } from '@infra/contracts';

/**
 * Audit details are stored as a code with parameters (`detail_code`, `detail_params`): the web app renders them
 * in the reader's language. The English sentence is kept beside them (`detail`) for API clients that show it as
 * it is; this file is the only place that writes it. Entries written before details had codes hold only the
 * sentence: `legacyDetail` reads it back into a code where it can, and leaves it as text where it cannot.
 */

const assets = (count: number) => `${count} asset${count === 1 ? '' : 's'}`;

/** A rule's conditions as its audit detail names them: the lists and pattern as they are, collections counted. */
export function auditConditionsOf(conditions: RuleConditions): AuditRuleConditions {
  const named: AuditRuleConditions = {};
  if (conditions.sites) named.sites = conditions.sites;
  if (conditions.instanceTypes) named.instanceTypes = conditions.instanceTypes;
  if (conditions.namePattern) named.namePattern = conditions.namePattern;
  if (conditions.collectionIds) named.collections = conditions.collectionIds.length;
  return named;
}

/** Readable conditions: `site in (us-east-1a), name like web-*`. */
function describeConditions(conditions: AuditRuleConditions): string {
  const parts: string[] = [];
  if (conditions.sites) parts.push(`site in (${conditions.sites.join(', ')})`);
  if (conditions.instanceTypes) parts.push(`instance type in (${conditions.instanceTypes.join(', ')})`);
  if (conditions.namePattern) parts.push(`name like ${conditions.namePattern}`);
  if (conditions.collections !== undefined)
    parts.push(`in ${conditions.collections} collection${conditions.collections === 1 ? '' : 's'}`);
  return parts.join(', ');
}

const ruleSummary = (tag: string, conditions: AuditRuleConditions, enabled: boolean) =>
  `assigns ${tag} when ${describeConditions(conditions)}${enabled ? '' : ' (disabled)'}`;

/** The English sentence of a detail (the sentences the audit log held before details had codes). */
export function englishDetail(detail: AuditDetail): string {
  switch (detail.detailCode) {
    case 'tagCreated':
      return `Created ${detail.detailParams.tag}`;
    case 'tagCreatedByImport':
      return `Created ${detail.detailParams.tag} (import of ${detail.detailParams.file})`;
    case 'tagDescriptionChanged':
      return `Changed the description of ${detail.detailParams.tag}`;
    case 'tagArchived':
      return `Archived ${detail.detailParams.tag}`;
    case 'tagRestored':
      return `Restored ${detail.detailParams.tag}`;
    case 'tagAssigned':
      return `Assigned ${detail.detailParams.tag} to ${assets(detail.detailParams.count)}`;
    case 'tagUnassigned':
      return `Removed ${detail.detailParams.tag} from ${assets(detail.detailParams.count)}`;
    case 'systemTagsRefreshed': {
      const { count, assigned, removed } = detail.detailParams;
      return `Refreshed system tags of ${count} assets: ${assigned} assigned, ${removed} removed`;
    }
    case 'tagsImported':
      return `Imported ${detail.detailParams.count} tags from ${detail.detailParams.file}`;
    case 'ruleCreated': {
      const { rule, tag, conditions, enabled } = detail.detailParams;
      return `Created rule ${rule}: ${ruleSummary(tag, conditions, enabled)}`;
    }
    case 'ruleUpdated': {
      const { rule, previousName, tag, conditions, enabled } = detail.detailParams;
      const renamed = previousName !== null ? ` (was ${previousName})` : '';
      return `Changed rule ${rule}${renamed}: ${ruleSummary(tag, conditions, enabled)}`;
    }
    case 'ruleDeleted':
      return `Deleted rule ${detail.detailParams.rule}`;
    case 'ruleApplied': {
      const { rule, tag, count, matched } = detail.detailParams;
      return `Rule ${rule} applied: ${tag} assigned to ${assets(count)} (${assets(matched)} matched)`;
    }
    case 'ruleAppliedToAsset': {
      const { rule, tag, asset } = detail.detailParams;
      return `Rule ${rule} applied: ${tag} assigned to ${asset}`;
    }
    case 'text':
      return detail.detailParams.text;
  }
}

/** Conditions read back from their English form; the caller keeps them only if they render to the same text. */
function conditionsFrom(text: string): AuditRuleConditions | undefined {
  const match =
    /^(?:site in \((?<sites>.*?)\))?(?:, )?(?:instance type in \((?<types>.*?)\))?(?:, )?(?:name like (?<pattern>.*?))?(?:, )?(?:in (?<collections>\d+) collections?)?$/.exec(
      text,
    );
  if (!match?.groups) return undefined;
  const { sites, types, pattern, collections } = match.groups;
  const conditions: AuditRuleConditions = {};
  if (sites !== undefined) conditions.sites = sites.split(', ');
  if (types !== undefined) conditions.instanceTypes = types.split(', ');
  if (pattern !== undefined) conditions.namePattern = pattern;
  if (collections !== undefined) conditions.collections = Number(collections);
  return conditions;
}

const RULE_SUMMARY = /^assigns (?<tag>\S+) when (?<conditions>.*?)(?<disabled> \(disabled\))?$/;

/** Each English sentence the audit log wrote before codes, and the detail it stands for. */
const LEGACY_SENTENCES: readonly [RegExp, (groups: Record<string, string | undefined>) => AuditDetail | undefined][] = [
  [/^Created rule (?<rule>.+?): (?<summary>assigns .*)$/, (g) => ruleFrom('ruleCreated', g)],
  [
    /^Changed rule (?<rule>.+?)(?: \(was (?<previous>.+?)\))?: (?<summary>assigns .*)$/,
    (g) => ruleFrom('ruleUpdated', g),
  ],
  [/^Deleted rule (?<rule>.+)$/, (g) => ({ detailCode: 'ruleDeleted', detailParams: { rule: g.rule! } })],
  [
    /^Rule (?<rule>.+?) applied: (?<tag>\S+) assigned to (?<count>\d+) assets? \((?<matched>\d+) assets? matched\)$/,
    (g) => ({
      detailCode: 'ruleApplied',
      detailParams: { rule: g.rule!, tag: g.tag!, count: Number(g.count), matched: Number(g.matched) },
    }),
  ],
  [
    /^Rule (?<rule>.+?) applied: (?<tag>\S+) assigned to (?<asset>.+)$/,
    (g) => ({ detailCode: 'ruleAppliedToAsset', detailParams: { rule: g.rule!, tag: g.tag!, asset: g.asset! } }),
  ],
  [
    /^Refreshed system tags of (?<count>\d+) assets: (?<assigned>\d+) assigned, (?<removed>\d+) removed$/,
    (g) => ({
      detailCode: 'systemTagsRefreshed',
      detailParams: { count: Number(g.count), assigned: Number(g.assigned), removed: Number(g.removed) },
    }),
  ],
  [
    /^Imported (?<count>\d+) tags from (?<file>.+)$/,
    (g) => ({ detailCode: 'tagsImported', detailParams: { count: Number(g.count), file: g.file! } }),
  ],
  [
    /^Created (?<tag>\S+) \(import of (?<file>.+)\)$/,
    (g) => ({ detailCode: 'tagCreatedByImport', detailParams: { tag: g.tag!, file: g.file! } }),
  ],
  [/^Created (?<tag>\S+)$/, (g) => ({ detailCode: 'tagCreated', detailParams: { tag: g.tag! } })],
  [
    /^Changed the description of (?<tag>\S+)$/,
    (g) => ({ detailCode: 'tagDescriptionChanged', detailParams: { tag: g.tag! } }),
  ],
  [/^Archived (?<tag>\S+)$/, (g) => ({ detailCode: 'tagArchived', detailParams: { tag: g.tag! } })],
  [/^Restored (?<tag>\S+)$/, (g) => ({ detailCode: 'tagRestored', detailParams: { tag: g.tag! } })],
  [
    /^Assigned (?<tag>\S+) to (?<count>\d+) assets?$/,
    (g) => ({ detailCode: 'tagAssigned', detailParams: { tag: g.tag!, count: Number(g.count) } }),
  ],
  [
    /^Removed (?<tag>\S+) from (?<count>\d+) assets?$/,
    (g) => ({ detailCode: 'tagUnassigned', detailParams: { tag: g.tag!, count: Number(g.count) } }),
  ],
];

function ruleFrom(
  code: 'ruleCreated' | 'ruleUpdated',
  groups: Record<string, string | undefined>,
): AuditDetail | undefined {
  const summary = RULE_SUMMARY.exec(groups.summary ?? '')?.groups;
  const conditions = summary && conditionsFrom(summary.conditions ?? '');
  if (!summary || !conditions) return undefined;
  const common = { rule: groups.rule!, tag: summary.tag!, conditions, enabled: summary.disabled === undefined };
  return code === 'ruleCreated'
    ? { detailCode: 'ruleCreated', detailParams: common }
    : { detailCode: 'ruleUpdated', detailParams: { ...common, previousName: groups.previous ?? null } };
}

/**
 * The detail of an entry written before details had codes, read from its English sentence. A reading is kept
 * only if it renders back to exactly that sentence (names with the sentence's own words in them cannot fool
 * it); anything else stays the stored text, shown as it is.
 */
export function legacyDetail(text: string): AuditDetail {
  for (const [pattern, read] of LEGACY_SENTENCES) {
    const groups = pattern.exec(text)?.groups;
    const detail = groups && read(groups);
    if (detail && englishDetail(detail) === text) return detail;
  }
  return { detailCode: 'text', detailParams: { text } };
}
