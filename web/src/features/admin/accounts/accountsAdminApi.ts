import type { AccountDto, CreateAccountRequest } from '@infra/contracts';
import { api } from '../../../api/api';

/** System Admins: `POST accounts` (the list is `GET accounts`, which answers them with every account). */
export const accountsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    createAccount: build.mutation<AccountDto, CreateAccountRequest>({
      query: (body) => ({ url: 'accounts', method: 'POST', body }),
      // The accounts page and the header's account dropdown both read `GET accounts`.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Account', id: 'LIST' }]),
    }),
  }),
});

export const { useCreateAccountMutation } = accountsAdminApi;
