import { api } from '../../api/api';
import type { ProfileQueryArgs, UserProfile } from './types';

/** Query parameters without empty values. */
function definedParams(args: ProfileQueryArgs | void): Record<string, string> {
  const params: Record<string, string> = {};
  if (args?.organizationId) params.organizationId = args.organizationId;
  if (args?.accountSlug) params.accountSlug = args.accountSlug;
  return params;
}

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<UserProfile, ProfileQueryArgs | void>({
      query: (args) => ({ url: 'users/profile', params: definedParams(args) }),
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery } = userApi;

export const userDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserDetails: build.query<UserProfile, string>({
      query: (id) => `users/details/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    requestPasswordReset: build.query<unknown, void>({
      query: () => 'users/reset-password',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetUserDetailsQuery, useLazyRequestPasswordResetQuery } = userDetailsApi;
