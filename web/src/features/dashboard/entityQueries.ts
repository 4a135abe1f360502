import type { SidebarItemType } from '@infra/contracts';
import { httpStatusOf } from '../../api/errors';
import { registerEndpointToasts } from '../../api/toastListener';
import { ROUTES } from '../../config/routes';

// The dashboards answer a 404 of their target with "Oops! {entity} Not Found": no toast on top of it.
for (const endpoint of ['getAsset', 'getAssetSystemAttributes', 'getCollection', 'getView']) {
  registerEndpointToasts(endpoint, { notFoundShownByPage: true });
}

/** An unknown id and another organization's id get the same answer (404; 403 from a check on the way). */
export function isNotFound(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 404 || status === 403;
}

/** The dashboard target kinds of the inventory (spec §3 target types, without the organization). */
export type EntityKind = SidebarItemType;

const ROUTE_OF: Record<EntityKind, string> = {
  asset: ROUTES.asset,
  collection: ROUTES.collection,
  view: ROUTES.view,
};

/** The page of an asset, collection or view. */
export function entityPath(kind: EntityKind, id: string): string {
  return ROUTE_OF[kind].replace(':id', encodeURIComponent(id));
}

/** Translation keys per kind: the kind's name, and the entity of its not-found text. */
export const KIND_KEYS: Record<EntityKind, { kind: string; notFound: string }> = {
  asset: { kind: 'pages.asset', notFound: 'notFound.entities.asset' },
  collection: { kind: 'pages.collection', notFound: 'notFound.entities.collection' },
  view: { kind: 'pages.view', notFound: 'notFound.entities.view' },
};
