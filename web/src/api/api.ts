import { createApi } from '@reduxjs/toolkit/query/react';
import { KEEP_UNUSED_DATA_FOR_SECONDS } from '../config';
import { createBaseQuery } from './baseQuery';

/** Cache tags of organization-scoped data (every list and item read with the organizationId header). */
export const ORGANIZATION_SCOPED_TAGS = [
  'Asset',
  'Collection',
  'View',
  'Tag',
  'TagImport',
  'BusinessEvent',
  'Sidebar',
  'Rule',
  'Analytics',
] as const;

/**
 * The ONE API of the app. Features add their endpoints with `api.injectEndpoints` in their own folder, and
 * tag cache entries per item id plus a `LIST` id.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  keepUnusedDataFor: KEEP_UNUSED_DATA_FOR_SECONDS,
  tagTypes: [
    'Profile',
    'User',
    'Acceptance',
    'Account',
    'Member',
    'Organization',
    'ApiKey',
    ...ORGANIZATION_SCOPED_TAGS,
  ],
  endpoints: () => ({}),
});
