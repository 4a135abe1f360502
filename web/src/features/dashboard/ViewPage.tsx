import Typography from '@mui/material/Typography';
import { isUuid } from '@infra/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useGetViewQuery } from '../management/inventoryApi';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { EntityDashboard } from './EntityDashboard';
import { EntityPage } from './EntityPage';
import { ViewSummarySection } from './sections/ViewSummarySection';
import type { DashboardTarget } from './useDashboardTarget';
import { defaultsOf, useFilterOptions } from './useFilterOptions';

/** `/views/:id`: one saved view's dashboard; its filter starts from the view's tags and collections. */
export default function ViewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const validId = isUuid(id);
  const { currentData: view, error, isFetching, refetch } = useGetViewQuery(id, { skip: !validId || !organizationId });
  const { collectionsSettled, tagsSettled, tags, collections } = useFilterOptions();
  // Tags and collections are labelled from their options, so the dashboard waits for both (a saved id is not a name);
  // a list that failed labels by id.
  const target = useMemo<DashboardTarget | undefined>(
    () =>
      view && collectionsSettled && tagsSettled
        ? {
            kind: 'view',
            id: view.id,
            name: view.name,
            defaults: defaultsOf(view, { tags, collections }),
            timeHorizon: view.timeHorizon,
          }
        : undefined,
    [view, collectionsSettled, tagsSettled, tags, collections],
  );

  return (
    <EntityPage
      kind="view"
      id={id}
      validId={validId}
      error={error}
      fetching={isFetching}
      ready={Boolean(target)}
      onRetry={() => void refetch()}
    >
      {view && target ? (
        <EntityDashboard
          target={target}
          details={
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {view.description || t('dashboard.noDescription')}
            </Typography>
          }
          attributes={<ViewSummarySection />}
        />
      ) : null}
    </EntityPage>
  );
}
