import type { TimeHorizon } from './constants';
import priceListJson from './price-list.json';

/**
 * Analytics API shapes shared by the analytics service and the web app. Paths are relative to /api/v1; every call is
 * organization-scoped (organizationId header).
 */

export const ANALYTICS_LIMITS = {
  /** `POST telemetry`: samples per call. */
  telemetrySamplesMax: 50_000,
  /** `POST telemetry`: largest body, JSON or CSV (50,000 JSON samples take about 6 MB). */
  telemetryBodyMaxBytes: 16 * 1024 * 1024,
  /** Samples older than this are refused (the analyses look back at most this far). */
  telemetryMaxAgeDays: 400,
} as const;

/** One hourly sample of `POST telemetry`: exactly one of assetId and externalId names the asset. */
export interface TelemetrySample {
  assetId?: string;
  externalId?: string;
  /** ISO 8601, the start of a UTC hour. */
  hour: string;
  cpuUtil: number;
  memUtil?: number;
  storageUtil?: number;
  networkInBytes?: number;
  networkOutBytes?: number;
  cost?: number;
}

/** The fields of a sample: the JSON property names and the CSV header. */
export const TELEMETRY_FIELDS = [
  'assetId',
  'externalId',
  'hour',
  'cpuUtil',
  'memUtil',
  'storageUtil',
  'networkInBytes',
  'networkOutBytes',
  'cost',
] as const satisfies readonly (keyof TelemetrySample)[];

export type TelemetryField = (typeof TELEMETRY_FIELDS)[number];

/** A refused sample: its position in the call (0-based), the field at fault and why. */
export interface TelemetryIssue {
  index: number;
  /** CSV only: the sample's line in the file (the header is line 1). */
  line?: number;
  field: string;
  reason: string;
}

export interface TelemetryIngestResponse {
  accepted: number;
  rejected: TelemetryIssue[];
}

export enum AnalyticsErrorCode {
  AdminOnly = 'ANALYTICS_ADMIN_ONLY',
  TelemetryBodyInvalid = 'TELEMETRY_BODY_INVALID',
  TooManySamples = 'TELEMETRY_TOO_MANY_SAMPLES',
  HorizonInvalid = 'ANALYTICS_HORIZON_INVALID',
  FilterInvalid = 'ANALYTICS_FILTER_INVALID',
  AssetNotFound = 'ANALYTICS_ASSET_NOT_FOUND',
  CollectionNotFound = 'ANALYTICS_COLLECTION_NOT_FOUND',
  FinancialSettingsInvalid = 'ANALYTICS_FINANCIAL_SETTINGS_INVALID',
}

// ---------------------------------------------------------------------------------------------------------------
// Analyses (GET assets/{id}/…, collections/{id}/…, organizations/…). Arithmetic: analytics.md, README "Analytics
// definitions". Every response carries the `Data-Integration` header: `empty` when the target has no sample in the
// horizon, else `ok`. Ratings have one decimal (analytics.md); every other number (money, WCU, percents) is sent at full
// precision: rounding is the reader's, for display. A series lists every bucket of the horizon; a bucket in which no
// asset of the target reported (the last hour before its samples arrive, the months before the first sample) is `null`
// in every value of the series: no data, not zero.
// ---------------------------------------------------------------------------------------------------------------

/** The `timeHorizon` query values; a custom range is an ISO 8601 interval `start/end` (whole UTC hours). */
export const TIME_HORIZON_KEYS = ['24h', '7d', '30d', '90d', '12m'] as const;
export type TimeHorizonKey = (typeof TIME_HORIZON_KEYS)[number];
export const DEFAULT_TIME_HORIZON_KEY: TimeHorizonKey = '30d';

/** The query value of each label a view stores and the filter bar shows. */
export const TIME_HORIZON_QUERY: Record<TimeHorizon, TimeHorizonKey> = {
  'Last 24 Hours': '24h',
  'Last 7 Days': '7d',
  'Last 30 Days': '30d',
  'Last 90 Days': '90d',
  'Last 12 Months': '12m',
};

export const DATA_INTEGRATION_HEADER = 'Data-Integration';
export type DataIntegration = 'empty' | 'ok';

/** The horizon an analysis covered: `[start, end)`, and its buckets (hourly up to 7 days, daily beyond). */
export interface AnalysisHorizon {
  start: string;
  end: string;
  granularity: 'hour' | 'day';
  /** Hours in `[start, end)`. */
  hours: number;
}

/** What every analysis answers with besides its own fields. */
export interface AnalysisBase {
  horizon: AnalysisHorizon;
  /** Assets of the target (after the tag and collection filters). */
  assets: number;
  /** Assets of the target with at least one sample in the horizon. */
  assetsReporting: number;
  /** `false` when no asset of the target has a sample in the horizon (the `Data-Integration: empty` case). */
  hasData: boolean;
}

export interface Stats {
  avg: number | null;
  p95: number | null;
  max: number | null;
}

export interface UtilizationPoint {
  /** Bucket start (ISO 8601). */
  time: string;
  /** Capacity-weighted cpu utilization % of the bucket: 100 × workload / capacity. */
  cpu: number | null;
  /** Mean memory utilization % of the samples of the bucket that carry one. */
  memory: number | null;
}

export interface AssetUtilization {
  assetId: string;
  name: string;
  cpu: Stats;
  memory: Stats;
}

export interface SystemUtilizationResponse extends AnalysisBase {
  series: UtilizationPoint[];
  cpu: Stats;
  memory: Stats;
  /** Groups only: each asset's statistics over its hourly samples, highest p95 first (at most 500). */
  perAsset?: AssetUtilization[];
}

export interface WorkloadPoint {
  time: string;
  /** WCU of the assets with a sample in the hour; for a day, capacity-hours / its hours. Null: no asset reported. */
  capacity: number | null;
  /** WCU used; for a day, workload-hours / its hours. Null: no asset reported. */
  workload: number | null;
  utilization: number | null;
  /** Assets with a sample in the bucket (0 when null). */
  assets: number;
}

export interface WorkloadResponse extends AnalysisBase {
  series: WorkloadPoint[];
  capacityHours: number;
  workloadHours: number;
  /** 100 × workloadHours / capacityHours. */
  utilization: number | null;
}

export interface CostPoint {
  time: string;
  /** Null: no asset reported in the bucket. */
  cost: number | null;
  idleCost: number | null;
}

export interface CostBreakdownItem {
  id: string;
  label: string;
  cost: number;
  idleCost: number;
}

export interface CostAnalysisResponse extends AnalysisBase {
  currency: string;
  series: CostPoint[];
  cost: number;
  idleCost: number;
  /** Σ cost / Σ workload-hours: what a WCU-hour actually used costs. */
  costPerWcuHourUsed: number | null;
  /** Σ cost / Σ capacity-hours over the hours with a cost. */
  unitCost: number | null;
  byTag: CostBreakdownItem[];
  byCollection: CostBreakdownItem[];
}

/** A bucket of the gap analysis; every number is null when no asset reported in it (and it is not out of band). */
export interface GapPoint {
  time: string;
  capacity: number | null;
  workload: number | null;
  /** The band: capacity × min/100 … capacity × max/100. */
  lower: number | null;
  upper: number | null;
  /** Positive above the band (under-provisioned), negative below (over-provisioned), else 0. */
  gap: number | null;
  outOfBand: boolean;
}

export interface WorkloadGapResponse extends AnalysisBase {
  thresholds: { min: number; max: number };
  series: GapPoint[];
  summary: {
    /** Buckets out of band (hours when hourly; days when daily). */
    bucketsOutOfBand: number;
    /** Σ positive gap and Σ negative gap, in WCU-hours. */
    gapAbove: number;
    gapBelow: number;
    /** Mean capacity of the buckets with data (WCU); null when none has data. */
    capacity: number | null;
    /** p95 of the workload of the buckets with data / (max / 100). */
    rightSizeCapacity: number | null;
  };
}

/** The inputs a rating came from: enough to recompute it by hand. */
export interface RatingInputs {
  /** |H|: hours with a cpu sample. */
  hours: number;
  /** E: hours of the horizon at or after the asset's start. */
  expectedHours: number;
  hoursInBand: number;
  hoursOverMax: number;
  /** K: hours with a cost value. */
  hoursWithCost: number;
  /** μ and population σ of the hourly workload (WCU). */
  meanWorkload: number | null;
  sdWorkload: number | null;
  stale: boolean;
  assumedSpeed: boolean;
  wcu: number;
  thresholds: { min: number; max: number };
}

export interface RatingValues {
  infraRating: number | null;
  risk: number | null;
  optimization: number | null;
  volatility: number | null;
  dataHealth: number;
}

export interface UnitCostComparison {
  currency: string;
  /** $ per WCU-hour of the target. */
  unitCost: number | null;
  /** Median unit cost of the organization's assets at the same site (assets only). */
  site: number | null;
  /** The lowest median of another site for the same instance type (assets only). */
  alternateSite: { site: string; unitCost: number } | null;
  /** Median unit cost of the same instance type across the account's organizations (assets only). */
  peer: number | null;
  /** List price per hour ÷ reference WCU of the instance type (assets only). */
  industry: number | null;
}

export interface AssetRatings extends RatingValues {
  assetId: string;
  name: string;
  inputs: RatingInputs;
}

export interface SystemRatingsResponse extends AnalysisBase {
  /** The asset's ratings, or the wcu-weighted mean of the group's (assets without ratings left out). */
  ratings: RatingValues;
  unitCost: UnitCostComparison;
  /** Asset target: the inputs of its ratings. */
  inputs?: RatingInputs;
  /** Groups: InfraRating distribution, bins of 10 (0–10, …, 90–100). */
  distribution?: { from: number; to: number; count: number }[];
  /** Groups: the lowest InfraRatings first (at most 50). */
  lowest?: AssetRatings[];
}

export interface BusinessOverviewResponse extends AnalysisBase {
  currency: string;
  totalCost: number;
  previousCost: number;
  costChange: number;
  costChangePercent: number | null;
  idleCost: number;
  potentialMonthlySavings: number;
  byStatus: Record<'active' | 'offline' | 'pending' | 'archived', number>;
  ratingDistribution: { from: number; to: number; count: number }[];
  topIdle: { assetId: string; name: string; cost: number; idleCost: number }[];
  /** For the home carousel. */
  highlights: {
    largestGaps: { assetId: string; name: string; hoursOverMax: number; hoursBelowMin: number }[];
    savings: { assetId: string; name: string; monthlySavings: number }[];
    ratingChanges: { assetId: string; name: string; infraRating: number; previous: number; change: number }[];
  };
}

export interface CollectionSummaryResponse extends AnalysisBase {
  collectionId: string;
  name: string;
  byStatus: Record<'active' | 'offline' | 'pending' | 'archived', number>;
  ratings: RatingValues;
  cost: number;
  idleCost: number;
  utilization: number | null;
  currency: string;
}

/** The price list shipped with the product (price-list.json): the cost fallback and the industry unit cost. */
export interface PriceListEntry {
  pricePerHour: number;
  cpuCores: number;
  /** The reference speed (GHz) of the type: used when an asset lacks its own. */
  cpuSpeed: number;
  currentGeneration: boolean;
}
export interface PriceList {
  currency: string;
  /** Where the prices come from, in English (for API clients that show it as it is). */
  source: string;
  /** The same as data, which the web app says in the reader's language: the prices' kind and their region. */
  provider: 'aws-ec2-on-demand-linux';
  region: string;
  instanceTypes: Record<string, PriceListEntry>;
}

export const PRICE_LIST: PriceList = priceListJson as PriceList;

// Admin → Data (GET/PUT data/financial, GET data/telemetry).

/** ISO 4217 codes: three capital letters. */
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

export interface FinancialSettingsDto {
  /** The organization's currency: every cost it sends and every figure it sees. */
  currency: string;
  /** Price an hour without a reported cost from the price list (its instance type's list price). */
  priceListFallback: boolean;
  priceList: PriceList;
}

export interface UpdateFinancialSettingsRequest {
  currency?: string;
  priceListFallback?: boolean;
}

export interface TelemetrySourceFreshness {
  /** `api` (POST telemetry: collectors, scripts, the demo generator) or `aws-cloudwatch` (the AWS integration). */
  source: string;
  lastSampleAt: string | null;
  /** Assets with a sample from this source in the last 24 hours. */
  assetsReporting: number;
  /** Assets that sent from this source before, but nothing in the last 24 hours. */
  assetsSilent: number;
}

export interface TelemetrySettingsDto {
  assets: number;
  sources: TelemetrySourceFreshness[];
  ingest: { path: string; maxSamplesPerCall: number; maxBodyBytes: number; fields: readonly string[] };
}
