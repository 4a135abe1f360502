import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { ASSET_STATUSES, type AssetDto } from '@infra/contracts';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { setSelectedItem } from '../../../layout/sidebarSlice';
import { TABLE_PAGE_SIZE, useDataGridDefaults, useResponsiveColumns } from '../../../shared/table';
import { AssetStatusChip } from '../../management/assets/AssetStatusChip';
import { useGetAssetsQuery } from '../../management/inventoryApi';
import { selectDashboardFilter } from '../dashboardFilterSlice';
import { entityPath } from '../entityQueries';
import { DashboardSection } from './DashboardSection';

/** System Attributes of a collection: its members (server-paged, by name), narrowed by the applied tag filter. */
export function CollectionMembersSection({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const gridDefaults = useDataGridDefaults();
  const { tags } = useAppSelector(selectDashboardFilter);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: TABLE_PAGE_SIZE });
  const { data, isFetching, isError } = useGetAssetsQuery({
    collectionIds: [collectionId],
    // Every member, archived ones too (lists leave them out unless asked): the count in the header holds them.
    status: ASSET_STATUSES,
    tagIds: tags.map((tag) => tag.value),
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
    sort: 'name',
  });

  const columns = useMemo<GridColDef<AssetDto>[]>(
    () => [
      {
        field: 'name',
        headerName: t('dashboard.members.name'),
        flex: 1.4,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={entityPath('asset', row.id)}
            onClick={() => dispatch(setSelectedItem({ id: row.id, name: row.name }))}
          >
            {row.name}
          </Link>
        ),
      },
      {
        field: 'status',
        headerName: t('dashboard.members.status'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <AssetStatusChip status={row.status} />,
      },
      {
        field: 'instance_type',
        headerName: t('dashboard.attributes.instance_type'),
        flex: 1,
        minWidth: 120,
        sortable: false,
      },
      { field: 'site', headerName: t('dashboard.attributes.site'), flex: 1, minWidth: 110, sortable: false },
    ],
    [t, dispatch],
  );
  const responsive = useResponsiveColumns(columns, ['name', 'status']);

  return (
    <DashboardSection title={t('dashboard.sections.systemAttributes')} testId="section-system-attributes">
      {isError ? (
        <Alert severity="error">{t('dashboard.widgetError')}</Alert>
      ) : (
        <DataGrid
          {...gridDefaults}
          rows={data?.items ?? []}
          rowCount={data?.total ?? 0}
          {...responsive}
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          loading={isFetching}
          autoHeight
          disableRowSelectionOnClick
          disableColumnMenu
          aria-label={t('dashboard.members.label')}
          sx={{ border: 0 }}
        />
      )}
    </DashboardSection>
  );
}
