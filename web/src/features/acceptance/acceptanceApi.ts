import type { AcceptanceDataDto, AcceptanceStatusDto } from '@infra/contracts';
import { api } from '../../api/api';
import { registerEndpointToasts } from '../../api/toastListener';

export interface AcceptTermsRequest {
  termsVersion: string;
  privacyVersion: string;
}

/** The user acceptance step (§1): whether the caller accepted the current terms and privacy policy. */
export const acceptanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAcceptanceStatus: build.query<AcceptanceStatusDto, void>({
      query: () => 'users/acceptance-status',
      providesTags: ['Acceptance'],
    }),
    getAcceptanceData: build.query<AcceptanceDataDto, void>({
      query: () => 'users/userAcceptanceData',
    }),
    acceptTerms: build.mutation<AcceptanceStatusDto, AcceptTermsRequest>({
      query: (body) => ({ url: 'users/accept-terms', method: 'POST', body }),
      // The guard reads the status: take the answer at once instead of waiting for a refetch.
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(acceptanceApi.util.upsertQueryData('getAcceptanceStatus', undefined, data));
        } catch {
          // The failure toast is shown by the app-wide rules.
        }
      },
    }),
  }),
});

registerEndpointToasts('acceptTerms', { successKey: 'acceptance.accepted' });
// The guard's check: when it cannot be read the guard's own page says so and offers a retry (no toast on top;
// a 401 still goes to login).
registerEndpointToasts('getAcceptanceStatus', { silentQueryError: true });

export const { useGetAcceptanceStatusQuery, useGetAcceptanceDataQuery, useAcceptTermsMutation } = acceptanceApi;
