import type { EntityLocationDto, SidebarItemType } from '@infra/contracts';
import { api } from '../../api/api';
import { registerEndpointToasts } from '../../api/toastListener';

export interface LocateArgs {
  kind: SidebarItemType;
  id: string;
}

/**
 * `GET locate/{kind}/{id}`: which of the caller's organizations holds an entity whose page answered Not Found in
 * the selected one (a shared link of another organization). Not organization data: no cache tag of one.
 */
export const locateApi = api.injectEndpoints({
  endpoints: (build) => ({
    locateEntity: build.query<EntityLocationDto, LocateArgs>({
      query: ({ kind, id }) => `locate/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
    }),
  }),
});

// Its 404 is the page's plain "Oops! {entity} Not Found"; any other failure leaves that page as it is.
registerEndpointToasts('locateEntity', { silentQueryError: true });

export const { useLocateEntityQuery } = locateApi;
