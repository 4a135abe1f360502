import {
  MESSAGES,
  TAG_RULE_MESSAGES,
  TAG_STATUSES,
  tagFieldIssue,
  tagPairKey,
  TAGGING_LIMITS,
  type AssignTagsRequest,
  type AssignTagsSummary,
  type AuditActivity,
  type NewTag,
  type TagDto,
  type TagStatus,
} from '@infra/contracts';

/** Pure rules of the tagging screens: form validation, the texts the server sends, counts, the summary state. */

/** Pickers offer every tag but archived ones (spec §7 `GET tags` status filter). */
export const ASSIGNABLE_STATUSES = 'Active,Pending,Offline';

/** Translation keys of the tag rules (`tags.rules.<key>`: TAG_RULE_MESSAGES, the English word for word). */
export const TAG_RULE_KEYS: Record<keyof typeof TAG_RULE_MESSAGES, string> = {
  keyRequired: 'tags.rules.keyRequired',
  key: 'tags.rules.key',
  valueRequired: 'tags.rules.valueRequired',
  value: 'tags.rules.value',
  description: 'tags.rules.description',
  duplicateInRequest: 'tags.rules.duplicateInRequest',
  alreadyExists: 'tags.rules.alreadyExists',
};

/** The §8 texts of the import (`tags.import.messages.<key>`, the English word for word). */
export const IMPORT_MESSAGES = {
  uploadError: MESSAGES.uploadError,
  importHeaderMissing: MESSAGES.importHeaderMissing,
  importNoTags: MESSAGES.importNoTags,
  importTooMany: MESSAGES.importTooMany,
  importHasIssues: MESSAGES.importHasIssues,
  importValid: MESSAGES.importValid,
} as const;

const KNOWN_TEXTS = new Map<string, string>([
  ...Object.entries(TAG_RULE_MESSAGES).map(([key, text]): [string, string] => [text, `tags.rules.${key}`]),
  ...Object.entries(IMPORT_MESSAGES).map(([key, text]): [string, string] => [text, `tags.import.messages.${key}`]),
]);

/**
 * The translation key of a text the tagging service sends (an import's message or issue), when it is one of
 * the contract's texts; undefined for any other text, which is then shown as sent.
 */
export function knownTextKey(text: string): string | undefined {
  return KNOWN_TEXTS.get(text);
}

/** Translation key of a tag status (§3: Active, Offline, Pending, Archived). */
export const tagStatusKey = (status: TagStatus) => `tags.status.${status.toLowerCase()}`;

/** How many of the tags have each status. */
export function countByStatus(tags: readonly Pick<TagDto, 'status'>[]): Record<TagStatus, number> {
  const counts = Object.fromEntries(TAG_STATUSES.map((status) => [status, 0])) as Record<TagStatus, number>;
  for (const tag of tags) counts[tag.status] += 1;
  return counts;
}

/** One row of the Create Tags form. */
export interface TagRow {
  /** Stable React key: rows can be removed from the middle. */
  rowId: number;
  key: string;
  value: string;
  description: string;
}

export type TagRowIssues = Partial<Record<'key' | 'value' | 'description', string>>;

/**
 * The translation keys of each row's broken rules (§5): key, value and description patterns; a pair repeated
 * in the form (every repetition after the first); a pair the organization already has (`existingPairs`, made
 * with `tagPairKey`: letter case does not count). Pairs compare as the server does, so `Env:Prod` repeats `env:prod`.
 */
export function rowIssues(rows: readonly TagRow[], existingPairs: ReadonlySet<string>): TagRowIssues[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const issues: TagRowIssues = {};
    for (const field of ['key', 'value', 'description'] as const) {
      const issue = tagFieldIssue(field, row[field]);
      if (issue) issues[field] = knownTextKey(issue) ?? issue;
    }
    if (!issues.key && !issues.value) {
      const pair = tagPairKey(row.key, row.value);
      if (seen.has(pair)) issues.value = TAG_RULE_KEYS.duplicateInRequest;
      else if (existingPairs.has(pair)) issues.value = TAG_RULE_KEYS.alreadyExists;
      seen.add(pair);
    }
    return issues;
  });
}

export const hasIssues = (issues: readonly TagRowIssues[]) => issues.some((row) => Object.keys(row).length > 0);

/** The `POST tags/batch` tags of the form's rows: an empty description is left out. */
export function newTagsOf(rows: readonly TagRow[]): NewTag[] {
  return rows.map(({ key, value, description }) => ({ key, value, ...(description ? { description } : {}) }));
}

/** What the Summary screen shows, handed over in the router state. */
export type TagSummaryState =
  | { kind: 'created'; tags: Pick<TagDto, 'id' | 'tagId' | 'description' | 'status'>[] }
  | { kind: 'assigned'; tagIds: string[]; summary: AssignTagsSummary };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The router state when it is a summary (a reload or a typed address has none, or an older shape). */
export function summaryStateOf(state: unknown): TagSummaryState | undefined {
  if (!isRecord(state)) return undefined;
  if (state.kind === 'created' && Array.isArray(state.tags)) return state as TagSummaryState;
  if (state.kind === 'assigned' && Array.isArray(state.tagIds) && isRecord(state.summary))
    return state as TagSummaryState;
  return undefined;
}

/** A chosen target: one asset, or a collection (the tags go onto each of its members). */
export interface TargetChoice {
  kind: 'asset' | 'collection';
  id: string;
  name: string;
  /** The asset's external id, or the collection's asset count, under the option. */
  detail: string;
}

export const targetKey = (target: Pick<TargetChoice, 'kind' | 'id'>) => `${target.kind}:${target.id}`;

/** The `POST tags/batchAssignTags` body: the chosen tags onto the chosen assets and collections. */
export function assignRequestOf(
  tags: readonly Pick<TagDto, 'id'>[],
  targets: readonly TargetChoice[],
): AssignTagsRequest {
  const idsOf = (kind: TargetChoice['kind']) => targets.filter((target) => target.kind === kind).map(({ id }) => id);
  const assetIds = idsOf('asset');
  const collectionIds = idsOf('collection');
  return {
    tagIds: tags.map(({ id }) => id),
    ...(assetIds.length > 0 ? { assetIds } : {}),
    ...(collectionIds.length > 0 ? { collectionIds } : {}),
  };
}

/** Translation keys of what stops an assignment, or undefined when it can be sent. */
export function assignIssues(tags: readonly unknown[], targets: readonly TargetChoice[]) {
  const count = (kind: TargetChoice['kind']) => targets.filter((target) => target.kind === kind).length;
  return {
    tags:
      tags.length === 0
        ? 'tags.assign.tagsRequired'
        : tags.length > TAGGING_LIMITS.assignTagsMax
          ? 'tags.assign.tooManyTags'
          : undefined,
    targets:
      targets.length === 0
        ? 'tags.assign.targetsRequired'
        : count('asset') > TAGGING_LIMITS.assignAssetsMax || count('collection') > TAGGING_LIMITS.assignCollectionsMax
          ? 'tags.assign.tooManyTargets'
          : undefined,
  };
}

/** Translation key of an audit activity: `tag.created` → `tags.audit.activities.tagCreated`. */
export function activityKey(activity: AuditActivity): string {
  return `tags.audit.activities.${activity.replace(/\.(\w)/, (_match, letter: string) => letter.toUpperCase())}`;
}
