import Typography from '@mui/material/Typography';
import { isUuid } from '@infra/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useGetCollectionQuery } from '../management/inventoryApi';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { EntityDashboard } from './EntityDashboard';
import { EntityPage } from './EntityPage';
import { CollectionMembersSection } from './sections/CollectionMembersSection';
import type { DashboardTarget } from './useDashboardTarget';

/** `/collections/:id`: one collection's dashboard. */
export default function CollectionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const validId = isUuid(id);
  const {
    currentData: collection,
    error,
    isFetching,
    refetch,
  } = useGetCollectionQuery(id, {
    skip: !validId || !organizationId,
  });
  const target = useMemo<DashboardTarget | undefined>(
    () =>
      collection && {
        kind: 'collection',
        id: collection.id,
        name: collection.name,
        defaults: { tags: [], collections: [] },
      },
    [collection],
  );

  return (
    <EntityPage
      kind="collection"
      id={id}
      validId={validId}
      error={error}
      fetching={isFetching}
      ready={Boolean(target)}
      onRetry={() => void refetch()}
    >
      {collection && target ? (
        <EntityDashboard
          target={target}
          details={
            <Typography variant="body2" data-testid="member-count">
              {t('dashboard.members.count', { value: collection.assetCount })}
            </Typography>
          }
          attributes={<CollectionMembersSection collectionId={collection.id} />}
        />
      ) : null}
    </EntityPage>
  );
}
