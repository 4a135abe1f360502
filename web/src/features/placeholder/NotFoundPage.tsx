import { NotFound } from '../../shared/components/NotFound';
import { usePageTitle } from '../../shared/usePageTitle';

/** Everything the router does not know. */
export default function NotFoundPage() {
  usePageTitle('notFound.pageTitle');
  return <NotFound />;
}
