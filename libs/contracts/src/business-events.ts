/**
 * Business events API shapes (spec §2 Events, §3 Event, §5 event rules, §7 Business events), shared by the events
 * service, analytics (measured impact) and the web app. Paths are relative to /api/v1; every call is
 * organization-scoped (organizationId header).
 *
 * Who owns what: the events service owns events, their assignments (rules and the assets they resolve to) and the
 * expected impact users enter; analytics owns the telemetry, so it measures the impact (a BullMQ job) and answers
 * `GET assets/business-event/impact` with both (the expected impact reaches it on
 * `events.business-event.impact-upserted.v1`).
 */
import { LIMITS } from './constants';

/** Event rules (spec §5). The description takes no spaces: only the listed marks. */
export const BUSINESS_EVENT_NAME_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;
export const BUSINESS_EVENT_DESCRIPTION_PATTERN = /^[A-Za-z0-9_\-.,~!$&'()*+/:;=?@%]{0,512}$/;

/** What a user is told when a field breaks its rule; `name` and `dates` are the spec's exact texts. */
export const BUSINESS_EVENT_RULE_MESSAGES = {
  name: `Name must be unique and only alphanumeric and _- characters are allowed. Maximum ${LIMITS.eventNameMaxLength} Characters`,
  description: `Only letters, digits and _-.,~!$&'()*+/:;=?@% characters are allowed, no spaces. Maximum ${LIMITS.eventDescriptionMaxLength} Characters`,
  dates: 'Date(s) are required and end date must be after or equal to the start date',
  /** The Assign / Update step failed (spec §8). */
  assignFailed: 'An error has occurred. The Event could not be assigned.',
} as const;

/** Which rule a field breaks, or undefined when it is valid (the API, and the web form inline). */
export function businessEventFieldIssue(field: 'name' | 'description', text: string): string | undefined {
  const pattern = field === 'name' ? BUSINESS_EVENT_NAME_PATTERN : BUSINESS_EVENT_DESCRIPTION_PATTERN;
  return pattern.test(text) ? undefined : BUSINESS_EVENT_RULE_MESSAGES[field];
}

/** Start and end: both valid instants, the end on or after the start. */
export function businessEventDatesIssue(
  startDate: string | undefined,
  endDate: string | undefined,
): string | undefined {
  const start = startDate ? Date.parse(startDate) : NaN;
  const end = endDate ? Date.parse(endDate) : NaN;
  return Number.isFinite(start) && Number.isFinite(end) && end >= start
    ? undefined
    : BUSINESS_EVENT_RULE_MESSAGES.dates;
}

export const BUSINESS_EVENT_LIMITS = {
  /** Rules per assignment, of each kind. */
  assignCollectionsMax: 100,
  assignTagsMax: 100,
  assignAssetsMax: 5000,
  /** Assets an event may resolve to (its rules together). */
  resolvedAssetsMax: 100_000,
  /** `GET business-events` pages. */
  pageSizeMax: 100,
  /** `GET business-events/target/{id}`: the longest window asked at once, and events returned. */
  targetWindowMaxDays: 400,
  targetEventsMax: 500,
  /** `PUT business-events/impact`: expected impacts per call (one per asset of the event). */
  impactsMax: 100_000,
  /** Expected impact bounds, in percent. */
  impactPercentMin: -100,
  impactPercentMax: 10_000,
  /** `PUT business-events/impact` body (100,000 impacts are about 6.5 MB of JSON): the gateway and the service. */
  impactBodyMaxBytes: 8 * 1024 * 1024,
} as const;

export enum BusinessEventErrorCode {
  NotFound = 'BUSINESS_EVENT_NOT_FOUND',
  /** Another event of the organization has this name (case-insensitive). */
  NameTaken = 'BUSINESS_EVENT_NAME_TAKEN',
  DatesInvalid = 'BUSINESS_EVENT_DATES_INVALID',
  /** A collection, tag or asset of the assignment is not the organization's. */
  AssignmentInvalid = 'BUSINESS_EVENT_ASSIGNMENT_INVALID',
  TooManyAssets = 'BUSINESS_EVENT_TOO_MANY_ASSETS',
  /** `business-events/target/{id}`: not an asset, collection or the organization itself. */
  TargetNotFound = 'BUSINESS_EVENT_TARGET_NOT_FOUND',
  WindowInvalid = 'BUSINESS_EVENT_WINDOW_INVALID',
  /** An expected impact names an asset the event does not cover, or a percent out of bounds. */
  ImpactInvalid = 'BUSINESS_EVENT_IMPACT_INVALID',
  /** Creating and changing events and their expected impact is for Admins (Admin → Management, like tags). */
  AdminOnly = 'BUSINESS_EVENT_ADMIN_ONLY',
}

/**
 * `GET assets/business-event/impact` (analytics) answers 400 with this code when `businessEventId` is missing or not
 * a UUID (an unknown event is `BusinessEventErrorCode.NotFound`). A separate enum so the events service's catalogue
 * of `BusinessEventErrorCode` stays exhaustive.
 */
export enum BusinessEventImpactErrorCode {
  EventIdInvalid = 'BUSINESS_EVENT_ID_INVALID',
}

/** The rules an event is assigned by: each resolves to assets when assigned, and keeps following its members. */
export interface BusinessEventAssignment {
  collectionIds: string[];
  tagIds: string[];
  assetIds: string[];
}

export interface BusinessEventDto {
  id: string;
  name: string;
  description: string;
  /** ISO 8601 UTC instants; the web app shows them in the account's time zone. */
  startDate: string;
  endDate: string;
  assignment: BusinessEventAssignment;
  /** Assets the rules resolve to now (collections' and tags' members, and the assets chosen one by one). */
  assetCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CreateBusinessEventRequest {
  name: string;
  description?: string;
  startDate: string;
  endDate: string;
  /** Omitted: the event is created unassigned (the wizard's Skip). */
  assignment?: BusinessEventAssignment;
}

/** Every field optional; `assignment` replaces the rules (the wizard's Assign / Update). */
export type UpdateBusinessEventRequest = Partial<CreateBusinessEventRequest>;

/** `GET business-events` query: paged, newest start first; `search` matches the name. */
export interface BusinessEventListQuery {
  page?: number;
  pageSize?: number;
  search?: string;
}

/**
 * `GET business-events/target/{id}?startDate&endDate`: the events overlapping the window that touch the target (an
 * asset, a collection, or the organization id itself; a view is the organization narrowed by its filter's
 * `tagIds` and `collectionIds`). Drawn as bands on the workload and cost charts.
 */
export interface BusinessEventBand {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  /** The event's assets inside the target. */
  assetCount: number;
}

/** `PUT business-events/impact` (upsertBusinessEventImpact): the expected impact per asset; replaces the event's. */
export interface UpsertBusinessEventImpactRequest {
  businessEventId: string;
  impacts: { assetId: string; impactPercent: number }[];
}

/** `PUT business-events/impact` answers the expected impacts the event now has (the request's, as stored). */
export interface BusinessEventImpactsDto {
  businessEventId: string;
  impacts: { assetId: string; impactPercent: number }[];
}

/** One measured quantity: during `[start, end)` against the baseline window of equal length just before. */
export interface ImpactFigures {
  baseline: number;
  during: number;
  change: number;
  /** `100 × (during − baseline) / baseline`; null when the baseline is 0. */
  changePercent: number | null;
}

export interface MeasuredImpact {
  /** Workload-hours (wcu-weighted busy hours) and cost. */
  workloadHours: ImpactFigures;
  cost: ImpactFigures;
}

/** `GET assets/business-event/impact?businessEventId=` (analytics). */
export interface BusinessEventImpactResponse {
  businessEventId: string;
  name: string;
  startDate: string;
  endDate: string;
  /** The baseline window: as long as the event, ending at its start. */
  baselineStartDate: string;
  baselineEndDate: string;
  currency: string;
  /** When the impact job last measured it; null until its first run. */
  measuredAt: string | null;
  /** All the event's assets together; null until measured. */
  measured: MeasuredImpact | null;
  /** Per assigned target (each collection, tag and asset of the assignment). */
  targets: ({ kind: 'collection' | 'tag' | 'asset'; id: string; name: string; assetCount: number } & MeasuredImpact)[];
  /** Per asset: measured, and the expected impact a user entered (null when none). */
  assets: ({ assetId: string; name: string; expectedImpactPercent: number | null } & MeasuredImpact)[];
  /** The mean expected impact over the assets that have one; null when none. */
  expectedImpactPercent: number | null;
}
