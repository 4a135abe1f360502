import { NotFound } from '../../shared/components/NotFound';
import { usePageTitle } from '../../shared/usePageTitle';

export interface NotFoundPageProps {
  /** Translation key of the entity that was not found (an asset, collection or view); "Page" by default. */
  entityKey?: string;
  /** Translation key of the header's and the tab's title; "Not found" by default. */
  titleKey?: string;
}

/** Everything the router does not know, and a dashboard target that is unknown, malformed or not the caller's. */
export default function NotFoundPage({ entityKey, titleKey = 'notFound.pageTitle' }: NotFoundPageProps) {
  usePageTitle(titleKey);
  return <NotFound {...(entityKey ? { entityKey } : {})} />;
}
