/** Business constants and limits from the specification (§9). */
export const LIMITS = {
  tagImportMaxRows: 5000,
  tagKeyMaxLength: 512,
  tagValueMaxLength: 256,
  tagDescriptionMaxLength: 256,
  viewNameMaxLength: 30,
  viewDescriptionMaxLength: 256,
  eventNameMaxLength: 50,
  eventDescriptionMaxLength: 512,
} as const;

export const DEFAULT_WORKLOAD_THRESHOLDS = { min: 40, max: 60 } as const;

export const TIME_HORIZONS = [
  'Last 24 Hours',
  'Last 7 Days',
  'Last 30 Days',
  'Last 90 Days',
  'Last 12 Months',
] as const;
export type TimeHorizon = (typeof TIME_HORIZONS)[number];
export const DEFAULT_TIME_HORIZON: TimeHorizon = 'Last 30 Days';

export const ROLES = ['User', 'Admin', 'System Admin'] as const;
export type Role = (typeof ROLES)[number];

/** Header carrying the selected organization on every organization-scoped request. */
export const ORGANIZATION_HEADER = 'organizationid';
