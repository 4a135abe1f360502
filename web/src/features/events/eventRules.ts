import {
  BUSINESS_EVENT_LIMITS,
  BUSINESS_EVENT_RULE_MESSAGES,
  businessEventDatesIssue,
  businessEventFieldIssue,
  type BusinessEventAssignment,
  type BusinessEventDto,
  type CreateBusinessEventRequest,
  type TagDto,
  type UpdateBusinessEventRequest,
} from '@infra/contracts';
import type { TargetChoice } from '../tags/tagRules';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** Pure rules of the business-event screens: the form, the account's time zone, the assignment, expected impact. */

/** Translation keys of the event rules (`events.rules.<key>`: BUSINESS_EVENT_RULE_MESSAGES, the English word for word). */
export const EVENT_RULE_KEYS: Record<keyof typeof BUSINESS_EVENT_RULE_MESSAGES, string> = {
  name: 'events.rules.name',
  description: 'events.rules.description',
  dates: 'events.rules.dates',
  assignFailed: 'events.rules.assignFailed',
};

// ---------------------------------------------------------------------------------------------------------------
// Wall-clock times in the account's time zone (the form's datetime-local fields) and UTC instants (the API).
// ---------------------------------------------------------------------------------------------------------------

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A zone Intl knows, else UTC (an account's zone is checked on save; this only keeps a typo from breaking a page). */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * The UTC instant (ISO 8601) of a wall-clock time `YYYY-MM-DDTHH:mm` in `timeZone`; undefined when empty or invalid.
 * A wall time a DST change skips lands on the zone's own clock after it.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | undefined {
  const text = local.trim();
  if (!LOCAL_PATTERN.test(text)) return undefined;
  const instant = fromZonedTime(text, knownZone(timeZone));
  return Number.isFinite(instant.getTime()) ? instant.toISOString() : undefined;
}

/** The wall-clock time `YYYY-MM-DDTHH:mm` of an instant in `timeZone` (the value of a datetime-local field). */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (!Number.isFinite(instant)) return '';
  return formatInTimeZone(instant, knownZone(timeZone), "yyyy-MM-dd'T'HH:mm");
}

// ---------------------------------------------------------------------------------------------------------------
// The first step: name, description, start and end.
// ---------------------------------------------------------------------------------------------------------------

export interface EventForm {
  name: string;
  description: string;
  /** Wall-clock times in the account's time zone, `YYYY-MM-DDTHH:mm`. */
  start: string;
  end: string;
}

export const EMPTY_EVENT_FORM: EventForm = { name: '', description: '', start: '', end: '' };

export type EventFormIssues = Partial<Record<'name' | 'description' | 'dates', string>>;

/** The translation keys of the broken rules of §5 (the contract's own checks, as the API applies them). */
export function eventFormIssues(form: EventForm, timeZone: string): EventFormIssues {
  const issues: EventFormIssues = {};
  if (businessEventFieldIssue('name', form.name)) issues.name = EVENT_RULE_KEYS.name;
  if (businessEventFieldIssue('description', form.description)) issues.description = EVENT_RULE_KEYS.description;
  if (businessEventDatesIssue(zonedLocalToIso(form.start, timeZone), zonedLocalToIso(form.end, timeZone)))
    issues.dates = EVENT_RULE_KEYS.dates;
  return issues;
}

export const hasFormIssues = (issues: EventFormIssues) => Object.keys(issues).length > 0;

/** The form of an existing event (Edit Event), its dates in the account's time zone. */
export function formOf(
  event: Pick<BusinessEventDto, 'name' | 'description' | 'startDate' | 'endDate'>,
  timeZone: string,
) {
  return {
    name: event.name,
    description: event.description,
    start: isoToZonedLocal(event.startDate, timeZone),
    end: isoToZonedLocal(event.endDate, timeZone),
  } satisfies EventForm;
}

/** `POST business-events` of a valid form: without an assignment (the next step assigns or skips). */
export function createRequestOf(form: EventForm, timeZone: string): CreateBusinessEventRequest {
  return {
    name: form.name,
    ...(form.description ? { description: form.description } : {}),
    startDate: zonedLocalToIso(form.start, timeZone) ?? '',
    endDate: zonedLocalToIso(form.end, timeZone) ?? '',
  };
}

/** The fields of a valid form that differ from the event's (an empty description clears it); empty when none. */
export function changedFieldsOf(
  event: Pick<BusinessEventDto, 'name' | 'description' | 'startDate' | 'endDate'>,
  form: EventForm,
  timeZone: string,
): UpdateBusinessEventRequest {
  const startDate = zonedLocalToIso(form.start, timeZone) ?? '';
  const endDate = zonedLocalToIso(form.end, timeZone) ?? '';
  const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);
  return {
    ...(form.name !== event.name ? { name: form.name } : {}),
    ...(form.description !== event.description ? { description: form.description } : {}),
    ...(sameInstant(startDate, event.startDate) ? {} : { startDate }),
    ...(sameInstant(endDate, event.endDate) ? {} : { endDate }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Event Assignment: collections and assets (the collection:asset field) and tags.
// ---------------------------------------------------------------------------------------------------------------

/** A tag as the assignment shows it (the readable `key:value` tagId). */
export type TagChoice = Pick<TagDto, 'id' | 'tagId'>;

/** The `assignment` of the chosen tags, collections and assets. */
export function assignmentOf(tags: readonly TagChoice[], targets: readonly TargetChoice[]): BusinessEventAssignment {
  const idsOf = (kind: TargetChoice['kind']) => targets.filter((target) => target.kind === kind).map(({ id }) => id);
  return { collectionIds: idsOf('collection'), tagIds: tags.map(({ id }) => id), assetIds: idsOf('asset') };
}

/**
 * The translation key of what stops an assignment, or undefined. A new event needs a rule (or Skip); an edited one
 * may drop all of its rules.
 */
export function assignmentIssue(assignment: BusinessEventAssignment, requireRule: boolean): string | undefined {
  const { collectionIds, tagIds, assetIds } = assignment;
  if (requireRule && collectionIds.length + tagIds.length + assetIds.length === 0) return 'events.assign.required';
  if (
    collectionIds.length > BUSINESS_EVENT_LIMITS.assignCollectionsMax ||
    tagIds.length > BUSINESS_EVENT_LIMITS.assignTagsMax ||
    assetIds.length > BUSINESS_EVENT_LIMITS.assignAssetsMax
  )
    return 'events.assign.tooMany';
  return undefined;
}

/**
 * What the Summary step shows: the event as saved, how the assignment step ended (assigned; skipped on a new event; or
 * skipped on an edited one, whose rules stay), and its rules.
 */
export interface EventSummary {
  event: BusinessEventDto;
  outcome: 'assigned' | 'skipped' | 'kept';
  tags: TagChoice[];
  targets: TargetChoice[];
}

// ---------------------------------------------------------------------------------------------------------------
// Expected impact: one percent for every asset, or one per asset.
// ---------------------------------------------------------------------------------------------------------------

export type ExpectedMode = 'all' | 'perAsset';

/** A percent as typed, or undefined when empty; NaN when it is not a number. */
export function percentOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Whether a typed percent is within the API's bounds. */
export function percentInBounds(value: number | undefined): boolean {
  return (
    value === undefined ||
    (Number.isFinite(value) &&
      value >= BUSINESS_EVENT_LIMITS.impactPercentMin &&
      value <= BUSINESS_EVENT_LIMITS.impactPercentMax)
  );
}

/**
 * How the form starts from what was saved: one percent when every asset has the same one (or none has any), else per
 * asset. Percents as text, keyed by asset id.
 */
export function initialExpected(assets: readonly { assetId: string; expectedImpactPercent: number | null }[]): {
  mode: ExpectedMode;
  all: string;
  perAsset: Record<string, string>;
} {
  const perAsset = Object.fromEntries(
    assets.map((asset) => [
      asset.assetId,
      asset.expectedImpactPercent === null ? '' : String(asset.expectedImpactPercent),
    ]),
  );
  const values = new Set(Object.values(perAsset));
  if (values.size <= 1) return { mode: 'all', all: [...values][0] ?? '', perAsset };
  return { mode: 'perAsset', all: '', perAsset };
}

/**
 * The impacts to send: the one percent for every asset, or each asset's own (assets left empty have none). Undefined
 * when a percent is missing (all) or out of bounds.
 */
export function impactsOf(
  mode: ExpectedMode,
  all: string,
  perAsset: Readonly<Record<string, string>>,
  assetIds: readonly string[],
): { assetId: string; impactPercent: number }[] | undefined {
  if (mode === 'all') {
    const value = percentOf(all);
    if (value === undefined || !percentInBounds(value)) return undefined;
    return assetIds.map((assetId) => ({ assetId, impactPercent: value }));
  }
  const impacts: { assetId: string; impactPercent: number }[] = [];
  for (const assetId of assetIds) {
    const value = percentOf(perAsset[assetId] ?? '');
    if (!percentInBounds(value)) return undefined;
    if (value !== undefined) impacts.push({ assetId, impactPercent: value });
  }
  return impacts;
}
