import type { UserDto } from '@infra/contracts';
import { api } from '../../api/api';
import type { MessageResponse, ProfileQueryArgs, UserProfile } from './types';

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
    getUserDetails: build.query<UserDto, string>({
      query: (id) => `users/details/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    /** Signed in and without an email: sends the caller a password reset link. Answers `{ message }`. */
    requestPasswordReset: build.query<MessageResponse, void>({
      query: () => 'users/reset-password',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetUserDetailsQuery, useLazyRequestPasswordResetQuery } = userDetailsApi;
