import type {
  BusinessEventAssignment,
  BusinessEventBand,
  BusinessEventDto,
  BusinessEventImpactResponse,
  BusinessEventImpactsDto,
  BusinessEventListQuery,
  CreateBusinessEventRequest,
  Page,
  UpdateBusinessEventRequest,
  UpsertBusinessEventImpactRequest,
} from '@infra/contracts';
import { api } from '../../api/api';
import { setList, withQuery } from '../../api/queryParams';
import { registerEndpointToasts } from '../../api/toastListener';

/**
 * Every business-event call of the web app, injected into the one `api`: the events service's `business-events…`
 * routes and analytics' measured impact (`assets/business-event/impact`). Paths are relative to /api/v1; the base
 * query adds the organizationId header.
 */

/** `GET business-events/target/{id}`: the events drawn as bands over one chart's window. */
export interface BusinessEventBandsArgs {
  /** An asset, a collection, or the organization's own id (a view: the organization with its filter). */
  targetId: string;
  startDate: string;
  endDate: string;
  tagIds?: readonly string[];
  collectionIds?: readonly string[];
}

/** The query string of `GET business-events` (without `?`): empty values left out, in a fixed order. */
export function eventListQueryString(query: BusinessEventListQuery = {}): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  const search = query.search?.trim();
  if (search) params.set('search', search);
  return params.toString();
}

/** The path and query of `GET business-events/target/{id}`: lists comma-separated, empty ones left out. */
export function bandsUrl({ targetId, startDate, endDate, tagIds, collectionIds }: BusinessEventBandsArgs): string {
  const params = new URLSearchParams({ startDate, endDate });
  setList(params, 'tagIds', tagIds);
  setList(params, 'collectionIds', collectionIds);
  return `business-events/target/${encodeURIComponent(targetId)}?${params.toString()}`;
}

const id = encodeURIComponent;

const EVENT_LIST = { type: 'BusinessEvent' as const, id: 'LIST' };
/** Bands and measured impacts depend on every event of the organization (their dates, their assets). */
const EVENT_DERIVED = { type: 'BusinessEvent' as const, id: 'DERIVED' };

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBusinessEvents: build.query<Page<BusinessEventDto>, BusinessEventListQuery | void>({
      query: (query) => withQuery('business-events', eventListQueryString(query ?? {})),
      providesTags: (result) => [
        EVENT_LIST,
        ...(result?.items ?? []).map((event) => ({ type: 'BusinessEvent' as const, id: event.id })),
      ],
    }),
    getBusinessEvent: build.query<BusinessEventDto, string>({
      query: (eventId) => `business-events/${id(eventId)}`,
      providesTags: (_result, _error, eventId) => [{ type: 'BusinessEvent', id: eventId }],
    }),
    /** The wizard's first step: the event without rules (Assign or Skip come next). */
    createBusinessEvent: build.mutation<BusinessEventDto, CreateBusinessEventRequest>({
      query: (body) => ({ url: 'business-events', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [EVENT_LIST, EVENT_DERIVED]),
    }),
    /** Edit Event's first step: name, description and dates. */
    updateBusinessEvent: build.mutation<BusinessEventDto, { id: string } & UpdateBusinessEventRequest>({
      query: ({ id: eventId, ...body }) => ({ url: `business-events/${id(eventId)}`, method: 'PATCH', body }),
      invalidatesTags: (_result, error, { id: eventId }) =>
        error ? [] : [EVENT_LIST, EVENT_DERIVED, { type: 'BusinessEvent', id: eventId }],
    }),
    /** The wizard's Assign / Update: the same PATCH with `assignment` only, its failure told in its own words (§8). */
    assignBusinessEvent: build.mutation<BusinessEventDto, { id: string; assignment: BusinessEventAssignment }>({
      query: ({ id: eventId, assignment }) => ({
        url: `business-events/${id(eventId)}`,
        method: 'PATCH',
        body: { assignment },
      }),
      invalidatesTags: (_result, error, { id: eventId }) =>
        error ? [] : [EVENT_LIST, EVENT_DERIVED, { type: 'BusinessEvent', id: eventId }],
    }),
    /** `PUT business-events/impact` (spec §7's named mutation upsertBusinessEventImpact). */
    upsertBusinessEventImpact: build.mutation<BusinessEventImpactsDto, UpsertBusinessEventImpactRequest>({
      query: (body) => ({ url: 'business-events/impact', method: 'PUT', body }),
      invalidatesTags: (_result, error, { businessEventId }) =>
        error ? [] : [{ type: 'BusinessEvent', id: `IMPACT-${businessEventId}` }],
    }),
    /** Analytics' measured impact with the expected one; `measuredAt` null until its job has run. */
    getBusinessEventImpact: build.query<BusinessEventImpactResponse, string>({
      query: (eventId) =>
        `assets/business-event/impact?${new URLSearchParams({ businessEventId: eventId }).toString()}`,
      providesTags: (_result, _error, eventId) => [
        EVENT_DERIVED,
        { type: 'BusinessEvent', id: eventId },
        { type: 'BusinessEvent', id: `IMPACT-${eventId}` },
      ],
    }),
    getBusinessEventBands: build.query<BusinessEventBand[], BusinessEventBandsArgs>({
      query: bandsUrl,
      providesTags: [EVENT_DERIVED, { type: 'Asset', id: 'LIST' }],
    }),
  }),
});

registerEndpointToasts('upsertBusinessEventImpact', { successKey: 'events.toasts.impactSaved' });
registerEndpointToasts('assignBusinessEvent', { errorKey: 'events.rules.assignFailed' });
// The bands decorate the charts: a failure leaves the chart as it is, without a toast over the dashboard.
registerEndpointToasts('getBusinessEventBands', { silentQueryError: true });
// The event page asks for the impact every few seconds until it is measured, and shows a failure itself.
registerEndpointToasts('getBusinessEventImpact', { silentQueryError: true });
// The event page answers a 404 with "Oops! Event Not Found".
registerEndpointToasts('getBusinessEvent', { notFoundShownByPage: true });

export const {
  useGetBusinessEventsQuery,
  useGetBusinessEventQuery,
  useCreateBusinessEventMutation,
  useUpdateBusinessEventMutation,
  useAssignBusinessEventMutation,
  useUpsertBusinessEventImpactMutation,
  useGetBusinessEventImpactQuery,
  useGetBusinessEventBandsQuery,
} = eventsApi;
