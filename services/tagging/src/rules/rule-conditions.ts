import type { RuleConditions } from '@infra/contracts';

/**
 * The ILIKE pattern of a glob: `*` any text, `?` one character, everything else literal. LIKE's own wildcards
 * (`%`, `_`) and its escape character (`\`, PostgreSQL's default) are escaped first, so `50%_off\x` matches only
 * that text.
 */
export function globToLike(glob: string): string {
  return glob.replace(/[\\%_*?]/g, (c) => (c === '*' ? '%' : c === '?' ? '_' : `\\${c}`));
}

/** Drops the conditions that say nothing (empty lists, a blank pattern) and repeated values. */
export function normalizeConditions(conditions: RuleConditions): RuleConditions {
  const list = (values: string[] | undefined) => {
    const unique = [...new Set((values ?? []).map((value) => value.trim()).filter((value) => value !== ''))];
    return unique.length > 0 ? unique : undefined;
  };
  const normalized: RuleConditions = {};
  const sites = list(conditions.sites);
  if (sites) normalized.sites = sites;
  const instanceTypes = list(conditions.instanceTypes);
  if (instanceTypes) normalized.instanceTypes = instanceTypes;
  const namePattern = conditions.namePattern?.trim();
  if (namePattern) normalized.namePattern = namePattern;
  const collectionIds = list(conditions.collectionIds?.map((id) => id.toLowerCase()));
  if (collectionIds) normalized.collectionIds = collectionIds;
  return normalized;
}

const CONDITION_KEYS = ['sites', 'instanceTypes', 'namePattern', 'collectionIds'] as const;
const saysSomething = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(saysSomething) : typeof value === 'string' && value.trim() !== '';

/**
 * Whether conditions (as received, not yet validated) name anything once normalized: a rule without a condition
 * would tag every asset of the organization.
 */
export function hasCondition(conditions: object): boolean {
  const given = conditions as Record<string, unknown>;
  return CONDITION_KEYS.some((key) => saysSomething(given[key]));
}
