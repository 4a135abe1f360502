import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import {
  DATA_INTEGRATION_HEADER,
  type AnalysisBase,
  type BusinessOverviewResponse,
  type CollectionSummaryResponse,
  type CostAnalysisResponse,
  type DataIntegration,
  type SystemRatingsResponse,
  type SystemUtilizationResponse,
  type TimeHorizonKey,
  type WorkloadGapResponse,
  type WorkloadResponse,
} from '@infra/contracts';
import { api } from '../../api/api';
import { setList } from '../../api/queryParams';

/**
 * The analyses (GET assets/{id}/…, collections/{id}/…, organizations/…), injected into the one `api`. A view has no
 * routes of its own: its dashboard asks the organization's with the view's filter. Cached for the api's default
 * 60 s (§9); an argument is the whole scope and horizon, so a new filter is a new cache entry and is fetched.
 */

/** What an analysis is about: one asset, one collection (narrowed by tags), or the organization (narrowed). */
export type AnalysisScope =
  | { kind: 'asset'; id: string }
  | { kind: 'collection'; id: string; tagIds: string[] }
  | { kind: 'organization'; tagIds: string[]; collectionIds: string[] };

export interface AnalysisArgs {
  scope: AnalysisScope;
  timeHorizon: TimeHorizonKey;
}

/** A collection's summary route takes the horizon only. */
export interface CollectionSummaryArgs {
  collectionId: string;
  timeHorizon: TimeHorizonKey;
}

/** An analysis with the `Data-Integration` flag of its response (the no-data warning reads it). */
export interface AnalysisResult<T extends AnalysisBase> {
  analysis: T;
  dataIntegration: DataIntegration;
}

/** The analysis routes; system-ratings exists for assets and the organization only. */
export type AnalysisRoute =
  'system-utilization' | 'workload' | 'cost-analysis' | 'workload-gap-analysis' | 'system-ratings';

/** The path and query of an analysis (lists comma-separated, empty ones left out, a fixed parameter order). */
export function analysisUrl(route: AnalysisRoute | 'business-overview', { scope, timeHorizon }: AnalysisArgs): string {
  const params = new URLSearchParams({ timeHorizon });
  let path: string;
  switch (scope.kind) {
    case 'asset':
      path = `assets/${encodeURIComponent(scope.id)}/${route}`;
      break;
    case 'collection': {
      path = `collections/${encodeURIComponent(scope.id)}/${route}`;
      setList(params, 'tagIds', scope.tagIds);
      break;
    }
    case 'organization': {
      path = `organizations/${route}`;
      setList(params, 'tagIds', scope.tagIds);
      setList(params, 'collectionIds', scope.collectionIds);
      break;
    }
  }
  return `${path}?${params.toString()}`;
}

/** The header when the gateway passed it on, else the body's own flag. */
export function dataIntegrationOf(body: AnalysisBase, meta: FetchBaseQueryMeta | undefined): DataIntegration {
  const header = meta?.response?.headers.get(DATA_INTEGRATION_HEADER);
  if (header === 'empty' || header === 'ok') return header;
  return body.hasData ? 'ok' : 'empty';
}

function withDataIntegration<T extends AnalysisBase>(body: T, meta: FetchBaseQueryMeta | undefined): AnalysisResult<T> {
  return { analysis: body, dataIntegration: dataIntegrationOf(body, meta) };
}

/** Analyses depend on the assets (membership, status, tags) of their scope: the inventory's tags refresh them. */
function tagsOf({ scope }: AnalysisArgs) {
  const list = [
    { type: 'Analytics' as const, id: 'LIST' },
    { type: 'Asset' as const, id: 'LIST' },
  ];
  switch (scope.kind) {
    case 'asset':
      return [...list, { type: 'Asset' as const, id: scope.id }];
    case 'collection':
      return [...list, { type: 'Collection' as const, id: scope.id }];
    case 'organization':
      return list;
  }
}

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSystemUtilization: build.query<AnalysisResult<SystemUtilizationResponse>, AnalysisArgs>({
      query: (args) => analysisUrl('system-utilization', args),
      transformResponse: withDataIntegration<SystemUtilizationResponse>,
      providesTags: (_result, _error, args) => tagsOf(args),
    }),
    getWorkload: build.query<AnalysisResult<WorkloadResponse>, AnalysisArgs>({
      query: (args) => analysisUrl('workload', args),
      transformResponse: withDataIntegration<WorkloadResponse>,
      providesTags: (_result, _error, args) => tagsOf(args),
    }),
    getCostAnalysis: build.query<AnalysisResult<CostAnalysisResponse>, AnalysisArgs>({
      query: (args) => analysisUrl('cost-analysis', args),
      transformResponse: withDataIntegration<CostAnalysisResponse>,
      providesTags: (_result, _error, args) => tagsOf(args),
    }),
    getWorkloadGap: build.query<AnalysisResult<WorkloadGapResponse>, AnalysisArgs>({
      query: (args) => analysisUrl('workload-gap-analysis', args),
      transformResponse: withDataIntegration<WorkloadGapResponse>,
      providesTags: (_result, _error, args) => tagsOf(args),
    }),
    /** Assets and the organization only (a collection asks the organization's with its id as the filter). */
    getSystemRatings: build.query<AnalysisResult<SystemRatingsResponse>, AnalysisArgs>({
      query: (args) => analysisUrl('system-ratings', args),
      transformResponse: withDataIntegration<SystemRatingsResponse>,
      providesTags: (_result, _error, args) => tagsOf(args),
    }),
    /** The organization only, narrowed like the other organization analyses. */
    getBusinessOverview: build.query<AnalysisResult<BusinessOverviewResponse>, AnalysisArgs>({
      query: (args) => analysisUrl('business-overview', args),
      transformResponse: withDataIntegration<BusinessOverviewResponse>,
      providesTags: (_result, _error, args) => tagsOf(args),
    }),
    getCollectionSummary: build.query<AnalysisResult<CollectionSummaryResponse>, CollectionSummaryArgs>({
      query: ({ collectionId, timeHorizon }) =>
        `collections/${encodeURIComponent(collectionId)}/summary?${new URLSearchParams({ timeHorizon }).toString()}`,
      transformResponse: withDataIntegration<CollectionSummaryResponse>,
      providesTags: (_result, _error, { collectionId }) => [
        { type: 'Analytics', id: 'LIST' },
        { type: 'Asset', id: 'LIST' },
        { type: 'Collection', id: collectionId },
      ],
    }),
  }),
});

export const {
  useGetSystemUtilizationQuery,
  useGetWorkloadQuery,
  useGetCostAnalysisQuery,
  useGetWorkloadGapQuery,
  useGetSystemRatingsQuery,
  useGetBusinessOverviewQuery,
  useGetCollectionSummaryQuery,
} = analyticsApi;
