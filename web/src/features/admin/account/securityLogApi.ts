import type { SecurityEventPage, SecurityEventQuery } from '@infra/contracts';
import { api } from '../../../api/api';

export type SecurityLogRequest = SecurityEventQuery & { accountId: string };

/** The query string of a filter, shared by the page's request and the CSV link (the same rows). */
export function securityLogSearch({ actor, kinds, page, pageSize }: SecurityEventQuery): string {
  const params = new URLSearchParams();
  if (actor?.trim()) params.set('actor', actor.trim());
  if (kinds) params.set('kinds', kinds);
  if (page) params.set('page', String(page));
  if (pageSize) params.set('pageSize', String(pageSize));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const securityLogPath = (accountId: string) => `accounts/${encodeURIComponent(accountId)}/security-events`;

/** The account's security log (account Admins). Never cached for long: it is read to see what just happened. */
export const securityLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSecurityEvents: build.query<SecurityEventPage, SecurityLogRequest>({
      query: ({ accountId, ...filter }) => `${securityLogPath(accountId)}${securityLogSearch(filter)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSecurityEventsQuery } = securityLogApi;
