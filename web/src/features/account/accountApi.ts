import type { AccountDto, AccountRole, MemberDto, OrganizationDto, OrganizationRequest } from '@infra/contracts';
import { api } from '../../api/api';

/** `PUT accounts/{id}` body: any of the editable fields. */
export interface AccountUpdate {
  name?: string;
  ownerId?: string;
  billingContactId?: string;
  technicalContactId?: string;
  timeZone?: string;
  minWorkloadPercentThreshold?: number;
  maxWorkloadPercentThreshold?: number;
  /** System Admins only. */
  plan?: string;
  assetLimit?: number;
}

/** `POST users`: adds (or invites) a member to an account. */
export interface AddMemberRequest {
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
}

export interface MemberRef {
  accountId: string;
  userId: string;
}

const membersTag = (accountId: string) => ({ type: 'Member' as const, id: `LIST-${accountId}` });

/**
 * What an organization change refreshes: the lists, and the header's dropdown (it reads the profile, and a
 * System Admin's other accounts from `GET accounts`).
 */
const ORGANIZATION_CHANGED = [
  { type: 'Organization' as const, id: 'LIST' },
  { type: 'Account' as const, id: 'LIST' },
  'Profile' as const,
];

/** Accounts, their organizations and their members (Admin of the account, or System Admin). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccounts: build.query<AccountDto[], void>({
      query: () => 'accounts',
      providesTags: (result) => [
        { type: 'Account', id: 'LIST' },
        ...(result ?? []).map(({ id }) => ({ type: 'Account' as const, id })),
      ],
    }),
    getAccount: build.query<AccountDto, string>({
      query: (slug) => `accounts/${encodeURIComponent(slug)}`,
      providesTags: (result, _error, slug) => [{ type: 'Account', id: result?.id ?? slug }],
    }),
    updateAccount: build.mutation<AccountDto, { id: string; changes: AccountUpdate }>({
      query: ({ id, changes }) => ({ url: `accounts/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      // The header and the account pages read the account from the profile.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Account', id }, 'Profile']),
    }),
    getOrganizations: build.query<OrganizationDto[], string>({
      query: (accountSlug) => ({ url: 'organizations', params: { accountSlug } }),
      providesTags: (result) => [
        { type: 'Organization', id: 'LIST' },
        ...(result ?? []).map(({ id }) => ({ type: 'Organization' as const, id })),
      ],
    }),
    createOrganization: build.mutation<OrganizationDto, OrganizationRequest & { accountId: string }>({
      query: (body) => ({ url: 'organizations', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ORGANIZATION_CHANGED),
    }),
    updateOrganization: build.mutation<OrganizationDto, { id: string; changes: OrganizationRequest }>({
      query: ({ id, changes }) => ({ url: `organizations/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [...ORGANIZATION_CHANGED, { type: 'Organization', id }],
    }),
    /** Offboarding (System Admins): the organization and all its data; `name` is its exact name, typed to confirm. */
    deleteOrganization: build.mutation<void, { id: string; name: string }>({
      query: ({ id, name }) => ({
        url: `organizations/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { name },
      }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [...ORGANIZATION_CHANGED, { type: 'Organization', id }],
    }),
    getMembers: build.query<MemberDto[], string>({
      query: (accountId) => `accounts/${encodeURIComponent(accountId)}/members`,
      providesTags: (_result, _error, accountId) => [membersTag(accountId)],
    }),
    addMember: build.mutation<MemberDto, AddMemberRequest>({
      query: (body) => ({ url: 'users', method: 'POST', body }),
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [membersTag(accountId)]),
    }),
    updateMemberRole: build.mutation<MemberDto, MemberRef & { role: AccountRole }>({
      query: ({ accountId, userId, role }) => ({
        url: `users/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body: { accountId, role },
      }),
      // The caller may have changed their own role.
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [membersTag(accountId), 'Profile']),
    }),
    removeMember: build.mutation<void, MemberRef>({
      query: ({ accountId, userId }) => ({
        url: `accounts/${encodeURIComponent(accountId)}/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [membersTag(accountId), 'Profile']),
    }),
  }),
});

export const {
  useGetAccountsQuery,
  useGetAccountQuery,
  useUpdateAccountMutation,
  useGetOrganizationsQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
  useGetMembersQuery,
  useAddMemberMutation,
  useUpdateMemberRoleMutation,
  useRemoveMemberMutation,
} = accountApi;
