import type { ApiKeyDto, CreateApiKeyRequest, CreatedApiKeyDto } from '@infra/contracts';
import { api } from '../../../../api/api';

export interface ApiKeyRef {
  accountId: string;
  keyId: string;
}

const keysTag = (accountId: string) => ({ type: 'ApiKey' as const, id: `LIST-${accountId}` });

/** API keys of an account (Admin of the account, or System Admin). */
export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKeyDto[], string>({
      query: (accountId) => `accounts/${encodeURIComponent(accountId)}/api-keys`,
      providesTags: (_result, _error, accountId) => [keysTag(accountId)],
    }),
    createApiKey: build.mutation<CreatedApiKeyDto, CreateApiKeyRequest & { accountId: string }>({
      query: ({ accountId, ...body }) => ({
        url: `accounts/${encodeURIComponent(accountId)}/api-keys`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [keysTag(accountId)]),
    }),
    revokeApiKey: build.mutation<void, ApiKeyRef>({
      query: ({ accountId, keyId }) => ({
        url: `accounts/${encodeURIComponent(accountId)}/api-keys/${encodeURIComponent(keyId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [keysTag(accountId)]),
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
