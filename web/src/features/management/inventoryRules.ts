import {
  ASSET_SORT_FIELDS,
  COLLECTION_NAME_PATTERN,
  INVENTORY_LIMITS,
  VIEW_DESCRIPTION_PATTERN,
  VIEW_NAME_PATTERN,
  type AssetSortField,
} from '@infra/contracts';
import type { GridSortModel } from '@mui/x-data-grid';

/** Pure rules of the management screens: form validation, grid-to-API mapping, membership changes. */

/** Translation keys of the validation messages. */
export const RULE_KEYS = {
  viewNameRequired: 'management.validation.viewNameRequired',
  viewName: 'management.validation.viewName',
  viewDescription: 'management.validation.viewDescription',
  collectionName: 'management.validation.collectionName',
} as const;

/**
 * The view name rule (§5): 1 to 30 letters, digits, _ or -. Returns the message key (an empty name is "required", a
 * filled one that breaks the rule says what the rule is), or null when valid.
 */
export function viewNameError(name: string): string | null {
  if (name === '') return RULE_KEYS.viewNameRequired;
  return VIEW_NAME_PATTERN.test(name) ? null : RULE_KEYS.viewName;
}

/** The view description rule (§5): at most 256 letters, digits, _, comma or -; may be empty. */
export function viewDescriptionError(description: string): string | null {
  return VIEW_DESCRIPTION_PATTERN.test(description) ? null : RULE_KEYS.viewDescription;
}

/** A collection name: 1 to 100 printable characters, not blank (the server trims it). */
export function collectionNameError(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length > 0 && COLLECTION_NAME_PATTERN.test(trimmed) ? null : RULE_KEYS.collectionName;
}

const SORTABLE: ReadonlySet<string> = new Set(ASSET_SORT_FIELDS);

export function isAssetSortField(field: string): field is AssetSortField {
  return SORTABLE.has(field);
}

/** The grid's sort model as `GET assets` takes it (`name`, `-updatedAt`); undefined leaves the API's default. */
export function assetSortParam(model: GridSortModel): string | undefined {
  const first = model[0];
  if (!first?.sort || !isAssetSortField(first.field)) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
}

/** The text of a filter field as the API's `search` takes it: trimmed, at most 200 characters. */
export function searchParam(text: string): string | undefined {
  const trimmed = text.trim().slice(0, 200);
  return trimmed.length > 0 ? trimmed : undefined;
}

/** What to send to turn the member ids `before` into `after`: ids to add and ids to remove. */
export function membershipChange(
  before: readonly string[],
  after: readonly string[],
): { add: string[]; remove: string[] } {
  const had = new Set(before);
  const has = new Set(after);
  return {
    add: [...has].filter((id) => !had.has(id)),
    remove: [...had].filter((id) => !has.has(id)),
  };
}

/** Splits ids into batches the API accepts in one call (1000 ids). */
export function batches<T>(items: readonly T[], size: number = INVENTORY_LIMITS.idsPerCallMax): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * The membership calls that turn `before` into `after`, each within the per-call limit: first the batches that
 * add, then those that remove; nothing when nothing changes.
 */
export function membershipCalls(
  before: readonly string[],
  after: readonly string[],
): { add?: string[]; remove?: string[] }[] {
  const { add, remove } = membershipChange(before, after);
  return [...batches(add).map((ids) => ({ add: ids })), ...batches(remove).map((ids) => ({ remove: ids }))];
}
