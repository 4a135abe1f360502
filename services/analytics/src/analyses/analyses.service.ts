import { Injectable } from '@nestjs/common';
import {
  AnalyticsErrorCode,
  type AnalysisBase,
  type AssetRatings,
  type AssetRatingValues,
  type BusinessOverviewResponse,
  type CollectionSummaryResponse,
  type CostAnalysisResponse,
  type Stats,
  type SystemRatingsResponse,
  type SystemUtilizationResponse,
  type UnitCostComparison,
  type WorkloadGapResponse,
  type WorkloadResponse,
} from '@infra/contracts';
import { analyticsError } from '../analytics.errors';
import { industryUnitCost } from '../capacity/capacity';
import { nearestRank, ratingsOf, round4 } from '../ratings/ratings';
import { RollupsRepository, type Thresholds } from '../rollups/rollups.repository';
import {
  AnalysesRepository,
  type AssetRow,
  type BucketRow,
  type RatedAsset,
  type TargetFilter,
} from './analyses.repository';
import { bucketHours, bucketsOf, describe, HOUR_MS, previousOf, type Horizon } from './horizon';

/** A resolved request: whose data, over which horizon. */
export interface AnalysisRequest {
  target: TargetFilter;
  horizon: Horizon;
}

/** The longest lists of the group analyses: per-asset utilization, lowest InfraRatings. */
const PER_ASSET_MAX = 500;
const LOWEST_MAX = 50;

const ratio = (numerator: number, denominator: number): number | null =>
  denominator > 0 ? numerator / denominator : null;

/** Statistics of a series' values (nulls, the buckets without data, left out). */
function statsOf(values: (number | null)[]): Stats {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return { avg: null, p95: null, max: null };
  return {
    avg: present.reduce((sum, value) => sum + value, 0) / present.length,
    p95: nearestRank(present, 0.95),
    max: Math.max(...present),
  };
}

/**
 * Every bucket of the horizon in order: its row, or only its start when no asset of the target reported in it (the
 * current hour before its samples arrive, the months before the first sample). Such a bucket is null in every series:
 * "no data", never a zero (charts leave a gap).
 */
function filled(horizon: Horizon, rows: BucketRow[]): { bucket: number; row: BucketRow | null }[] {
  const byBucket = new Map(rows.filter((row) => row.assets > 0).map((row) => [row.bucket, row]));
  return bucketsOf(horizon).map((bucket) => ({ bucket, row: byBucket.get(bucket) ?? null }));
}

const sum = <T>(items: T[], pick: (item: T) => number): number => items.reduce((total, item) => total + pick(item), 0);

/**
 * The analyses of analytics.md for one target and horizon. Group figures come from the rollups (see
 * AnalysesRepository); per-asset figures from each asset's sums; ratings from `ratingsOf`.
 */
@Injectable()
export class AnalysesService {
  constructor(
    private readonly analyses: AnalysesRepository,
    private readonly rollups: RollupsRepository,
  ) {}

  /** Refuses an asset or collection that is not the organization's (404, as if it did not exist). */
  async checkTarget(target: TargetFilter): Promise<{ collectionName?: string }> {
    if (target.assetId && !(await this.analyses.assetExists(target.organizationId, target.assetId)))
      throw analyticsError(AnalyticsErrorCode.AssetNotFound);
    if (target.collectionId) {
      const name = await this.analyses.collectionName(target.organizationId, target.collectionId);
      if (name === null) throw analyticsError(AnalyticsErrorCode.CollectionNotFound);
      return { collectionName: name };
    }
    return {};
  }

  private base(horizon: Horizon, assets: number, assetsReporting: number): AnalysisBase {
    return { horizon: describe(horizon), assets, assetsReporting, hasData: assetsReporting > 0 };
  }

  /** Asset counts without the per-asset sums (the bucket-only analyses); data or not is what the buckets hold. */
  private async counts({ target, horizon }: AnalysisRequest, buckets: BucketRow[]): Promise<AnalysisBase> {
    const { assets, reporting } = await this.analyses.counts(target, horizon);
    const hasData = buckets.some((bucket) => bucket.assets > 0);
    return { horizon: describe(horizon), assets, assetsReporting: hasData ? reporting : 0, hasData };
  }

  async systemUtilization(request: AnalysisRequest): Promise<SystemUtilizationResponse> {
    const { target, horizon } = request;
    const thresholds = await this.rollups.thresholdsOf(target.organizationId);
    if (target.assetId) {
      // One asset: the statistics of its hourly values; the series hourly or daily like every analysis. The three
      // reads are independent: in parallel (the asset analyses' target is 30 ms).
      const [assets, hours, days] = await Promise.all([
        this.analyses.assets(target, horizon, thresholds),
        this.analyses.assetHours(target.organizationId, target.assetId, horizon),
        horizon.granularity === 'hour' ? undefined : this.analyses.buckets(target, horizon),
      ]);
      const reporting = assets.filter((asset) => asset.hours > 0).length;
      const series =
        days === undefined
          ? (() => {
              const byHour = new Map(hours.map((hour) => [hour.hour, hour]));
              return bucketsOf(horizon).map((bucket) => ({
                time: new Date(bucket).toISOString(),
                cpu: byHour.get(bucket)?.cpu ?? null,
                memory: byHour.get(bucket)?.mem ?? null,
              }));
            })()
          : this.utilizationSeries(horizon, days);
      return {
        ...this.base(horizon, assets.length, reporting),
        series,
        cpu: statsOf(hours.map((hour) => hour.cpu)),
        memory: statsOf(hours.map((hour) => hour.mem)),
      };
    }
    const [figures, buckets] = await Promise.all([
      this.analyses.group(target, horizon, thresholds, { utilization: PER_ASSET_MAX }),
      this.analyses.buckets(target, horizon),
    ]);
    const series = this.utilizationSeries(horizon, buckets);
    return {
      ...this.base(horizon, figures.assets, figures.reporting),
      series,
      cpu: statsOf(series.map((point) => point.cpu)),
      memory: statsOf(series.map((point) => point.memory)),
      // The highest p95 first (the database sorts and cuts).
      perAsset: figures.utilization.map((asset) => ({
        assetId: asset.id,
        name: asset.name,
        cpu: { avg: asset.cpu_sum / asset.hours, p95: asset.cpu_p95, max: asset.cpu_max },
        memory: { avg: asset.mem_hours > 0 ? asset.mem_sum / asset.mem_hours : null, p95: null, max: asset.mem_max },
      })),
    };
  }

  private utilizationSeries(horizon: Horizon, rows: BucketRow[]) {
    return filled(horizon, rows).map(({ bucket, row }) => ({
      time: new Date(bucket).toISOString(),
      cpu: row && ratio(100 * row.workloadHours, row.capacityHours),
      memory: row && ratio(row.memSum, row.memHours),
    }));
  }

  async workload(request: AnalysisRequest): Promise<WorkloadResponse> {
    const { horizon } = request;
    const rows = await this.analyses.buckets(request.target, horizon);
    const capacityHours = sum(rows, (row) => row.capacityHours);
    const workloadHours = sum(rows, (row) => row.workloadHours);
    return {
      ...(await this.counts(request, rows)),
      series: filled(horizon, rows).map(({ bucket, row }) => {
        const hours = bucketHours(horizon, bucket);
        return {
          time: new Date(bucket).toISOString(),
          capacity: row && row.capacityHours / hours,
          workload: row && row.workloadHours / hours,
          utilization: row && ratio(100 * row.workloadHours, row.capacityHours),
          assets: row?.assets ?? 0,
        };
      }),
      capacityHours,
      workloadHours,
      utilization: ratio(100 * workloadHours, capacityHours),
    };
  }

  async costAnalysis(request: AnalysisRequest): Promise<CostAnalysisResponse> {
    const { target, horizon } = request;
    const [rows, figures, breakdown, currency] = await Promise.all([
      this.analyses.buckets(target, horizon),
      this.rollups
        .thresholdsOf(target.organizationId)
        .then((thresholds) => this.analyses.group(target, horizon, thresholds)),
      this.analyses.costBreakdown(target, horizon),
      this.analyses.currencyOf(target.organizationId),
    ]);
    const cost = sum(rows, (row) => row.cost);
    const item = (row: (typeof breakdown)[number]) => ({
      id: row.id,
      label: row.label,
      cost: row.cost,
      idleCost: row.idle_cost,
    });
    return {
      ...this.base(horizon, figures.assets, figures.reporting),
      currency,
      series: filled(horizon, rows).map(({ bucket, row }) => ({
        time: new Date(bucket).toISOString(),
        cost: row && row.cost,
        idleCost: row && row.idleCost,
      })),
      cost,
      idleCost: sum(rows, (row) => row.idleCost),
      costPerWcuHourUsed: ratio(
        cost,
        sum(rows, (row) => row.workloadHours),
      ),
      unitCost: ratio(figures.cost, figures.pricedCapacityHours),
      byTag: breakdown.filter((row) => row.kind === 'tag').map(item),
      byCollection: breakdown.filter((row) => row.kind === 'collection').map(item),
    };
  }

  async workloadGap(request: AnalysisRequest): Promise<WorkloadGapResponse> {
    const { target, horizon } = request;
    const [thresholds, rows] = await Promise.all([
      this.rollups.thresholdsOf(target.organizationId),
      this.analyses.buckets(target, horizon),
    ]);
    const series = filled(horizon, rows).map(({ bucket, row }) => {
      const hours = bucketHours(horizon, bucket);
      const time = new Date(bucket).toISOString();
      // A bucket without samples has no capacity and no workload: null, neither in nor out of band.
      if (row === null)
        return { time, capacity: null, workload: null, lower: null, upper: null, gap: null, outOfBand: false, hours };
      const capacity = row.capacityHours / hours;
      const workload = row.workloadHours / hours;
      const lower = (capacity * thresholds.min) / 100;
      const upper = (capacity * thresholds.max) / 100;
      const gap = workload > upper ? workload - upper : workload < lower ? workload - lower : 0;
      return { time, capacity, workload, lower, upper, gap, outOfBand: gap !== 0, hours };
    });
    const withData = series.filter((point) => point.gap !== null);
    const gapHours = (keep: (gap: number) => boolean) =>
      sum(withData, (point) => (keep(point.gap!) ? point.gap! * point.hours : 0));
    return {
      ...(await this.counts(request, rows)),
      thresholds,
      series: series.map(({ hours: _hours, ...point }) => point),
      summary: {
        bucketsOutOfBand: series.filter((point) => point.outOfBand).length,
        gapAbove: gapHours((gap) => gap > 0),
        gapBelow: gapHours((gap) => gap < 0),
        // Means over the buckets with data: a bucket without samples is no evidence of zero capacity.
        capacity: withData.length > 0 ? sum(withData, (point) => point.capacity!) / withData.length : null,
        rightSizeCapacity:
          withData.length > 0
            ? nearestRank(
                withData.map((point) => point.workload!),
                0.95,
              )! /
              (thresholds.max / 100)
            : null,
      },
    };
  }

  /** Each asset's ratings over the horizon. */
  private rate(assets: AssetRow[], horizon: Horizon, thresholds: Thresholds): AssetRatings[] {
    return assets.map((asset) => {
      const start = Math.max(horizon.start, Math.floor(asset.startedAt / HOUR_MS) * HOUR_MS);
      const { values, inputs } = ratingsOf(
        {
          hours: asset.hours,
          cpuSum: asset.cpuSum,
          cpuSquareSum: asset.cpuSquareSum,
          hoursInBand: asset.hoursInBand,
          hoursOverMax: asset.hoursOverMax,
          riskSum: asset.riskSum,
          hoursWithCost: asset.hoursWithCost,
          expectedHours: Math.max(0, (horizon.end - start) / HOUR_MS),
          recent: asset.lastHour !== null && asset.lastHour >= horizon.end - 24 * HOUR_MS,
          speedAssumed: asset.speedAssumed,
          wcu: asset.wcu,
        },
        thresholds,
      );
      return { assetId: asset.assetId, name: asset.name, ...values, inputs };
    });
  }

  async systemRatings(request: AnalysisRequest): Promise<SystemRatingsResponse> {
    const { target, horizon } = request;
    // An asset's unit cost comparison, its longest read, needs no thresholds: it starts beside them (the asset
    // analyses' target is 30 ms). Its failure is handled where it is awaited.
    const comparing = target.assetId
      ? this.analyses.unitCostComparison(target.organizationId, target.assetId, horizon)
      : undefined;
    void comparing?.catch(() => undefined);
    const thresholds = await this.rollups.thresholdsOf(target.organizationId);
    if (comparing) {
      const [assets, comparison, currency] = await Promise.all([
        this.analyses.assets(target, horizon, thresholds),
        comparing,
        this.analyses.currencyOf(target.organizationId),
      ]);
      const unitCost = ratio(
        sum(assets, (asset) => asset.cost),
        sum(assets, (asset) => asset.wcu * asset.pricedHours),
      );
      const base = this.base(horizon, assets.length, assets.filter((asset) => asset.hours > 0).length);
      if (assets.length === 1) {
        const [{ inputs, assetId: _id, name: _name, ...ratings }] = this.rate(assets, horizon, thresholds);
        return {
          ...base,
          ratings,
          inputs,
          // analytics.md "Unit cost": the asset's, beside its site's, the best other site's, its peers', the industry's.
          unitCost: {
            currency,
            unitCost,
            site: comparison.site,
            alternateSite: comparison.alternateSite,
            peer: comparison.peer,
            industry: industryUnitCost(assets[0].instanceType),
          },
        };
      }
    }
    const [figures, currency] = await Promise.all([
      this.analyses.ratedGroup(target, horizon, thresholds, { lowest: LOWEST_MAX }),
      this.analyses.currencyOf(target.organizationId),
    ]);
    return {
      ...this.base(horizon, figures.assets, figures.reporting),
      ratings: figures.ratings,
      unitCost: {
        ...emptyComparison(currency),
        unitCost: ratio(figures.cost, figures.pricedCapacityHours),
      },
      distribution: figures.distribution,
      lowest: figures.lowest.map((asset) => ratedAssetOf(asset, thresholds)),
    };
  }

  async businessOverview(request: AnalysisRequest): Promise<BusinessOverviewResponse> {
    const { target, horizon } = request;
    const thresholds = await this.rollups.thresholdsOf(target.organizationId);
    const [figures, currency] = await Promise.all([
      this.analyses.ratedGroup(target, horizon, thresholds, { overview: { previous: previousOf(horizon) } }),
      this.analyses.currencyOf(target.organizationId),
    ]);
    const overview = figures.overview!;
    const { cost: totalCost } = figures;
    const { previousCost } = overview;
    return {
      ...this.base(horizon, figures.assets, figures.reporting),
      currency,
      totalCost,
      previousCost,
      costChange: totalCost - previousCost,
      costChangePercent: previousCost > 0 ? (100 * (totalCost - previousCost)) / previousCost : null,
      idleCost: figures.idleCost,
      // Savings: assets whose p95 utilization is below min, sized down to run their p95 at max.
      potentialMonthlySavings: overview.potentialSavings,
      byStatus: figures.byStatus,
      ratingDistribution: figures.distribution,
      topIdle: overview.topIdle.map((asset) => ({
        assetId: asset.id,
        name: asset.name,
        cost: asset.cost,
        idleCost: asset.idle_cost,
      })),
      highlights: {
        largestGaps: overview.largestGaps.map((asset) => ({
          assetId: asset.id,
          name: asset.name,
          hoursOverMax: asset.over_max,
          hoursBelowMin: asset.below_min,
        })),
        savings: overview.savings.map((item) => ({
          assetId: item.id,
          name: item.name,
          monthlySavings: item.monthly_savings,
        })),
        ratingChanges: overview.ratingChanges.map((item) => ({
          assetId: item.id,
          name: item.name,
          infraRating: item.infra_rating,
          previous: item.previous,
          change: item.change,
        })),
      },
    };
  }

  async collectionSummary(request: AnalysisRequest, name: string): Promise<CollectionSummaryResponse> {
    const { target, horizon } = request;
    const thresholds = await this.rollups.thresholdsOf(target.organizationId);
    const [figures, currency] = await Promise.all([
      this.analyses.ratedGroup(target, horizon, thresholds),
      this.analyses.currencyOf(target.organizationId),
    ]);
    return {
      ...this.base(horizon, figures.assets, figures.reporting),
      collectionId: target.collectionId!,
      name,
      byStatus: figures.byStatus,
      ratings: figures.ratings,
      cost: figures.cost,
      idleCost: figures.idleCost,
      utilization: ratio(100 * figures.workloadHours, figures.capacityHours),
      currency,
    };
  }

  /** Every rated asset's ratings (the ratings job publishes them), computed in the database. */
  async ratingsOfOrganization(organizationId: string, horizon: Horizon): Promise<AssetRatingValues[]> {
    const target: TargetFilter = { organizationId, tagIds: [], collectionIds: [] };
    return this.analyses.assetRatings(target, horizon, await this.rollups.thresholdsOf(organizationId));
  }
}

/** Rating inputs keep the four decimals ratingsOf gives them (the SQL ratings are held to those bit for bit). */
const nullableRound4 = (value: number | null): number | null => (value === null ? null : round4(value));

/** An asset rated in the database (ratedAssetsSql) with its inputs, as ratingsOf gives them. */
function ratedAssetOf(asset: RatedAsset, thresholds: Thresholds): AssetRatings {
  return {
    assetId: asset.id,
    name: asset.name,
    infraRating: asset.infra_rating,
    risk: asset.risk,
    optimization: asset.optimization,
    volatility: asset.volatility,
    dataHealth: asset.data_health,
    inputs: {
      hours: asset.hours,
      expectedHours: asset.expected_hours,
      hoursInBand: asset.in_band,
      hoursOverMax: asset.over_max,
      hoursWithCost: asset.cost_hours,
      meanWorkload: nullableRound4(asset.mean_workload),
      sdWorkload: nullableRound4(asset.sd_workload),
      stale: !asset.recent,
      assumedSpeed: asset.speed_assumed,
      wcu: round4(asset.wcu),
      thresholds,
    },
  };
}

function emptyComparison(currency: string): UnitCostComparison {
  return { currency, unitCost: null, site: null, alternateSite: null, peer: null, industry: null };
}
