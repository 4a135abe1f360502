import { isUuid } from '@infra/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { AssetStatusChip } from '../management/assets/AssetStatusChip';
import { useGetAssetQuery } from '../management/inventoryApi';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { EntityDashboard } from './EntityDashboard';
import { EntityPage } from './EntityPage';
import { AssetAttributesSection } from './sections/AssetAttributesSection';
import type { DashboardTarget } from './useDashboardTarget';

/** `/assets/:id`: one asset's dashboard. */
export default function AssetPage() {
  const { id = '' } = useParams();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const validId = isUuid(id);
  // currentData: never the previous asset's while the next one loads.
  const {
    currentData: asset,
    error,
    isFetching,
    refetch,
  } = useGetAssetQuery(id, { skip: !validId || !organizationId });
  const target = useMemo<DashboardTarget | undefined>(
    () => asset && { kind: 'asset', id: asset.id, name: asset.name, defaults: { tags: [], collections: [] } },
    [asset],
  );

  return (
    <EntityPage
      kind="asset"
      id={id}
      validId={validId}
      error={error}
      fetching={isFetching}
      ready={Boolean(target)}
      onRetry={() => void refetch()}
    >
      {asset && target ? (
        <EntityDashboard
          target={target}
          details={<AssetStatusChip status={asset.status} />}
          attributes={<AssetAttributesSection assetId={asset.id} />}
        />
      ) : null}
    </EntityPage>
  );
}
