import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ASSET_STATUSES, ORGANIZATION_HEADER, type AssetDto, type Page } from '@infra/contracts';
import { api } from '../../../api/api';

/** How many assets one organization holds. */
export interface OrganizationAssetCount {
  organizationId: string;
  total: number;
}

/**
 * `GET assets?pageSize=1` in one organization (its header set explicitly, whatever organization is selected):
 * the page's `total` is the count. Every status is named, so archived assets count too: the organization
 * still holds them.
 */
export function assetCountRequest(organizationId: string) {
  return {
    url: 'assets',
    params: { page: 1, pageSize: 1, status: ASSET_STATUSES.join(',') },
    headers: { [ORGANIZATION_HEADER]: organizationId },
  };
}

/** The asset counts of organizations (Admin → Account → Subscription), one request per organization. */
export const assetCountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganizationAssetCounts: build.query<OrganizationAssetCount[], readonly string[]>({
      queryFn: async (organizationIds, _api, _extra, baseQuery) => {
        const results = await Promise.all(organizationIds.map(async (id) => baseQuery(assetCountRequest(id))));
        const failed = results.find((result) => result.error);
        if (failed?.error) return { error: failed.error as FetchBaseQueryError };
        return {
          data: results.map((result, index) => ({
            organizationId: organizationIds[index] ?? '',
            total: (result.data as Page<AssetDto>).total,
          })),
        };
      },
      // Asset changes anywhere (imports, the AWS sync, status changes) refresh the counts.
      providesTags: [{ type: 'Asset', id: 'LIST' }],
    }),
  }),
});

export const { useGetOrganizationAssetCountsQuery } = assetCountsApi;
