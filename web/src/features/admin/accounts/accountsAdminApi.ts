import type { AccountDto, CreateAccountRequest } from '@infra/contracts';
import { api } from '../../../api/api';

/** System Admins: `POST accounts` and `DELETE accounts/{id}` (the list is `GET accounts`: every account for them). */
export const accountsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    createAccount: build.mutation<AccountDto, CreateAccountRequest>({
      query: (body) => ({ url: 'accounts', method: 'POST', body }),
      // The accounts page and the header's account dropdown both read `GET accounts`.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Account', id: 'LIST' }]),
    }),
    /** Offboarding: the account, its organizations and all their data; `name` is its exact name, typed to confirm. */
    deleteAccount: build.mutation<void, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `accounts/${encodeURIComponent(id)}`, method: 'DELETE', params: { name } }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Account', id: 'LIST' }]),
    }),
  }),
});

export const { useCreateAccountMutation, useDeleteAccountMutation } = accountsAdminApi;
