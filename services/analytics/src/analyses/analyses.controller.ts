import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AnalyticsErrorCode, DATA_INTEGRATION_HEADER, type AnalysisBase } from '@infra/contracts';
import { Caller, CallerContext, tenantOf, validatedAs } from '@infra/platform';
import { analyticsError } from '../analytics.errors';
import { AnalysisQueryDto } from './analyses.dto';
import { AnalysesService, type AnalysisRequest } from './analyses.service';
import { resolveHorizon } from './horizon';
import type { TargetFilter } from './analyses.repository';

/** The query as the handlers declare it (an interface: `analysisQuery` validates it as `AnalysisQueryDto`). */
type AnalysisQuery = Pick<AnalysisQueryDto, 'timeHorizon' | 'tagIds' | 'collectionIds'>;

/** Filters that are not lists of at most 100 ids are the analyses' own 400 (ANALYTICS_FILTER_INVALID). */
const analysisQuery = validatedAs(AnalysisQueryDto, () => analyticsError(AnalyticsErrorCode.FilterInvalid));

/** What every series analysis answers (the OpenAPI description; the shapes are libs/contracts/src/analytics.ts). */
const SERIES = ApiOkResponse({
  description:
    'The analysis (libs/contracts analytics.ts). `series` lists every bucket of the horizon (hourly up to 7 days, daily ' +
    'beyond); a bucket in which no asset of the target reported is null in every value (no data, never 0). Numbers ' +
    'are full precision (only ratings are rounded, to one decimal). Data-Integration: empty when no asset reported.',
});
/** What the other analyses answer. */
const FIGURES = ApiOkResponse({
  description:
    'The analysis (libs/contracts analytics.ts). Numbers are full precision (only ratings are rounded, to one ' +
    'decimal). Data-Integration: empty when no asset of the target reported in the horizon.',
});

const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])];

// A path id that is not a UUID names nothing: the same 404 as an unknown or another organization's id.
const assetId = new ParseUUIDPipe({ exceptionFactory: () => analyticsError(AnalyticsErrorCode.AssetNotFound) });
const collectionId = new ParseUUIDPipe({
  exceptionFactory: () => analyticsError(AnalyticsErrorCode.CollectionNotFound),
});

/**
 * The analyses of the four targets. Asset: `assets/{id}/…`; collection: `collections/{id}/…` (narrowed by tags);
 * organization and view (a view is its saved filter): `organizations/…` narrowed by tags and collections. Every
 * answer says in `Data-Integration` whether the target had samples in the horizon.
 */
@ApiTags('Analyses')
@ApiQuery({ type: AnalysisQueryDto })
@Controller()
export class AnalysesController {
  constructor(private readonly analyses: AnalysesService) {}

  private async run<T extends AnalysisBase>(
    caller: CallerContext,
    scope: Partial<TargetFilter>,
    query: AnalysisQuery,
    res: Response,
    analysis: (request: AnalysisRequest, checked: { collectionName?: string }) => Promise<T>,
  ): Promise<T> {
    const { organizationId } = tenantOf(caller);
    // Checked on every route; an asset takes no filter, a collection only tags.
    const target: TargetFilter = {
      organizationId,
      tagIds: scope.assetId ? [] : unique(query.tagIds),
      collectionIds: scope.assetId || scope.collectionId ? [] : unique(query.collectionIds),
      ...scope,
    };
    const horizon = resolveHorizon(query.timeHorizon, Date.now());
    const checked = await this.analyses.checkTarget(target);
    const result = await analysis({ target, horizon }, checked);
    res.setHeader(DATA_INTEGRATION_HEADER, result.hasData ? 'ok' : 'empty');
    return result;
  }

  @Get('assets/:id/system-utilization')
  @SERIES
  @ApiOperation({ summary: "An asset's cpu and memory utilization series and statistics." })
  assetUtilization(
    @Caller() caller: CallerContext,
    @Param('id', assetId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { assetId: id }, query, res, (request) => this.analyses.systemUtilization(request));
  }

  @Get('assets/:id/workload')
  @SERIES
  assetWorkload(
    @Caller() caller: CallerContext,
    @Param('id', assetId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { assetId: id }, query, res, (request) => this.analyses.workload(request));
  }

  @Get('assets/:id/cost-analysis')
  @SERIES
  assetCost(
    @Caller() caller: CallerContext,
    @Param('id', assetId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { assetId: id }, query, res, (request) => this.analyses.costAnalysis(request));
  }

  @Get('assets/:id/workload-gap-analysis')
  @SERIES
  assetGap(
    @Caller() caller: CallerContext,
    @Param('id', assetId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { assetId: id }, query, res, (request) => this.analyses.workloadGap(request));
  }

  @Get('assets/:id/system-ratings')
  @FIGURES
  @ApiOperation({ summary: "An asset's ratings with their inputs, and its unit cost beside site, peer and industry." })
  assetRatings(
    @Caller() caller: CallerContext,
    @Param('id', assetId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { assetId: id }, query, res, (request) => this.analyses.systemRatings(request));
  }

  @Get('collections/:id/system-utilization')
  @SERIES
  collectionUtilization(
    @Caller() caller: CallerContext,
    @Param('id', collectionId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { collectionId: id }, query, res, (request) => this.analyses.systemUtilization(request));
  }

  @Get('collections/:id/workload')
  @SERIES
  collectionWorkload(
    @Caller() caller: CallerContext,
    @Param('id', collectionId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { collectionId: id }, query, res, (request) => this.analyses.workload(request));
  }

  @Get('collections/:id/cost-analysis')
  @SERIES
  collectionCost(
    @Caller() caller: CallerContext,
    @Param('id', collectionId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { collectionId: id }, query, res, (request) => this.analyses.costAnalysis(request));
  }

  @Get('collections/:id/workload-gap-analysis')
  @SERIES
  collectionGap(
    @Caller() caller: CallerContext,
    @Param('id', collectionId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { collectionId: id }, query, res, (request) => this.analyses.workloadGap(request));
  }

  @Get('collections/:id/summary')
  @FIGURES
  @ApiOperation({ summary: "A collection's assets by status, ratings, cost and utilization." })
  collectionSummary(
    @Caller() caller: CallerContext,
    @Param('id', collectionId) id: string,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, { collectionId: id }, query, res, (request, checked) =>
      this.analyses.collectionSummary(request, checked.collectionName ?? ''),
    );
  }

  @Get('organizations/system-utilization')
  @SERIES
  organizationUtilization(
    @Caller() caller: CallerContext,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, {}, query, res, (request) => this.analyses.systemUtilization(request));
  }

  @Get('organizations/workload')
  @SERIES
  organizationWorkload(
    @Caller() caller: CallerContext,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, {}, query, res, (request) => this.analyses.workload(request));
  }

  @Get('organizations/cost-analysis')
  @SERIES
  organizationCost(
    @Caller() caller: CallerContext,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, {}, query, res, (request) => this.analyses.costAnalysis(request));
  }

  @Get('organizations/workload-gap-analysis')
  @SERIES
  organizationGap(
    @Caller() caller: CallerContext,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, {}, query, res, (request) => this.analyses.workloadGap(request));
  }

  @Get('organizations/system-ratings')
  @FIGURES
  organizationRatings(
    @Caller() caller: CallerContext,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, {}, query, res, (request) => this.analyses.systemRatings(request));
  }

  @Get('organizations/business-overview')
  @FIGURES
  @ApiOperation({ summary: 'Cost and its change, idle cost, savings, statuses, ratings and highlights.' })
  businessOverview(
    @Caller() caller: CallerContext,
    @Query(analysisQuery) query: AnalysisQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.run(caller, {}, query, res, (request) => this.analyses.businessOverview(request));
  }
}
