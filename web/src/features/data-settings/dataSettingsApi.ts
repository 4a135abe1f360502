import {
  ORGANIZATION_HEADER,
  type FinancialSettingsDto,
  type TelemetrySettingsDto,
  type UpdateFinancialSettingsRequest,
} from '@infra/contracts';
import { api } from '../../api/api';
import { registerEndpointToasts } from '../../api/toastListener';

/**
 * Admin → Data (`data/telemetry`, `data/financial`) of one organization. Each call names its organization (cache key
 * and header), so switching organizations never shows another organization's settings.
 */
const telemetryTag = (organizationId: string) => ({ type: 'DataSettings' as const, id: `telemetry:${organizationId}` });
const financialTag = (organizationId: string) => ({ type: 'DataSettings' as const, id: `financial:${organizationId}` });

const inOrganization = (organizationId: string) => ({ [ORGANIZATION_HEADER]: organizationId });

export interface UpdateFinancialArgs {
  organizationId: string;
  request: UpdateFinancialSettingsRequest;
}

export const dataSettingsApi = api.enhanceEndpoints({ addTagTypes: ['DataSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getTelemetrySettings: build.query<TelemetrySettingsDto, string>({
      query: (organizationId) => ({ url: 'data/telemetry', headers: inOrganization(organizationId) }),
      providesTags: (_result, _error, organizationId) => [telemetryTag(organizationId)],
    }),
    getFinancialSettings: build.query<FinancialSettingsDto, string>({
      query: (organizationId) => ({ url: 'data/financial', headers: inOrganization(organizationId) }),
      providesTags: (_result, _error, organizationId) => [financialTag(organizationId)],
    }),
    /** Admin only. The currency and the fallback change the figures of every analysis: they are read again. */
    updateFinancialSettings: build.mutation<FinancialSettingsDto, UpdateFinancialArgs>({
      query: ({ organizationId, request }) => ({
        url: 'data/financial',
        method: 'PUT',
        body: request,
        headers: inOrganization(organizationId),
      }),
      invalidatesTags: (_result, error, { organizationId }) =>
        error ? [] : [financialTag(organizationId), { type: 'Analytics', id: 'LIST' }],
    }),
  }),
});

// The form shows a refusal next to its fields (an invalid currency under the field, anything else above Save).
registerEndpointToasts('updateFinancialSettings', { inlineError: true });

export const { useGetTelemetrySettingsQuery, useGetFinancialSettingsQuery, useUpdateFinancialSettingsMutation } =
  dataSettingsApi;
