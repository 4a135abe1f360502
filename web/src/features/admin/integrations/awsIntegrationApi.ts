import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  InventoryErrorCode,
  ORGANIZATION_HEADER,
  type AwsIntegrationDto,
  type AwsIntegrationRequest,
} from '@infra/contracts';
import { api } from '../../../api/api';
import { errorCodeOf } from '../../../api/errors';
import { registerEndpointToasts } from '../../../api/toastListener';

/**
 * The AWS integration of one organization (`integrations/aws`). Each call names its organization (cache key and
 * header), so switching organizations never shows another organization's integration.
 */
const integrationTag = (organizationId: string) => ({ type: 'Integration' as const, id: organizationId });

const inOrganization = (organizationId: string) => ({ [ORGANIZATION_HEADER]: organizationId });

export const awsIntegrationApi = api.enhanceEndpoints({ addTagTypes: ['Integration'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The integration, or null when the organization has none yet (the API's 404 INTEGRATION_NOT_FOUND). */
    getAwsIntegration: build.query<AwsIntegrationDto | null, string>({
      queryFn: async (organizationId, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: 'integrations/aws', headers: inOrganization(organizationId) });
        if (result.error) {
          if (errorCodeOf(result.error) === InventoryErrorCode.IntegrationNotFound) return { data: null };
          return { error: result.error as FetchBaseQueryError };
        }
        return { data: result.data as AwsIntegrationDto };
      },
      providesTags: (_result, _error, organizationId) => [integrationTag(organizationId)],
    }),
    saveAwsIntegration: build.mutation<AwsIntegrationDto, { organizationId: string; request: AwsIntegrationRequest }>({
      query: ({ organizationId, request }) => ({
        url: 'integrations/aws',
        method: 'PUT',
        body: request,
        headers: inOrganization(organizationId),
      }),
      invalidatesTags: (_result, error, { organizationId }) => (error ? [] : [integrationTag(organizationId)]),
    }),
    syncAwsIntegration: build.mutation<AwsIntegrationDto, string>({
      query: (organizationId) => ({
        url: 'integrations/aws/sync',
        method: 'POST',
        headers: inOrganization(organizationId),
      }),
      // Also after a 409 (a sync already queued or running): the status shows that sync.
      invalidatesTags: (_result, _error, organizationId) => [integrationTag(organizationId)],
    }),
  }),
});

registerEndpointToasts('syncAwsIntegration', { successKey: 'integrations.aws.syncQueued', inlineError: true });

export const { useGetAwsIntegrationQuery, useSaveAwsIntegrationMutation, useSyncAwsIntegrationMutation } =
  awsIntegrationApi;
