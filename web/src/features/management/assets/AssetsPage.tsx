import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ASSET_STATUSES, type AssetDto, type AssetStatus } from '@infra/contracts';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../config/routes';
import { useFormat } from '../../../shared/format';
import { TABLE_PAGE_SIZE, useDataGridDefaults, useResponsiveColumns } from '../../../shared/table';
import { useGetAssetsQuery, useGetCollectionsQuery, useUpdateAssetsStatusMutation } from '../inventoryApi';
import { assetSortParam, batches, isAssetSortField, searchParam } from '../inventoryRules';
import { ManagementPage } from '../ManagementPage';
import { nameLinkCell } from '../nameLinkCell';
import { TableFilterField } from '../TableFilterField';
import { useDebouncedValue } from '../useDebouncedValue';
import { useInventoryAccess } from '../useInventoryAccess';
import { AssetStatusChip, statusKey } from './AssetStatusChip';
import { BulkStatusBar } from './BulkStatusBar';
import { MultiSelectFilter } from '../../../shared/components/MultiSelectFilter';

const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The ids a selection model names; an "all but" model (the header checkbox) counts the rows shown. */
export function selectedIdsOf(model: GridRowSelectionModel, shownIds: readonly string[]): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  return shownIds.filter((id) => !model.ids.has(id));
}

/** The status filter: no choice means the API's default (every status but archived). */
function CollectionFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const { data: collections } = useGetCollectionsQuery();
  return (
    <TextField
      select
      size="small"
      label={t('management.assets.collection')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 200 } }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'assets-collection-filter' },
        select: { displayEmpty: true },
      }}
    >
      <MenuItem value="">{t('management.assets.allCollections')}</MenuItem>
      {(collections ?? []).map((collection) => (
        <MenuItem key={collection.id} value={collection.id}>
          {collection.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The organization's assets: paged, sorted and searched on the server; Admins change the status of a selection. */
export function AssetsTable() {
  const { t } = useTranslation();
  const format = useFormat();
  const gridDefaults = useDataGridDefaults();
  const { isAdmin } = useInventoryAccess();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: TABLE_PAGE_SIZE });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [filterText, setFilterText] = useState('');
  const [statuses, setStatuses] = useState<AssetStatus[]>([]);
  const [collectionId, setCollectionId] = useState('');
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const search = useDebouncedValue(filterText);

  const { data, isFetching } = useGetAssetsQuery({
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
    sort: assetSortParam(sortModel),
    search: searchParam(search),
    status: statuses,
    collectionIds: collectionId ? [collectionId] : [],
  });
  const [updateStatus, { isLoading: updating }] = useUpdateAssetsStatusMutation();

  // The grid keeps its page count while the next page loads, instead of jumping back to zero rows.
  const rowCountRef = useRef(0);
  if (data) rowCountRef.current = data.total;

  const rows = useMemo(() => data?.items ?? [], [data]);
  const selectedIds = selectedIdsOf(
    selection,
    rows.map((asset) => asset.id),
  );

  // A changed filter starts again on the first page.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPagination((current) => ({ ...current, page: 0 }));
    };

  const columns = useMemo<GridColDef<AssetDto>[]>(() => {
    const column = (field: keyof AssetDto & string, rest: Partial<GridColDef<AssetDto>>): GridColDef<AssetDto> => ({
      field,
      headerName: t(`management.assets.columns.${field}`),
      // The API sorts by some fields only (ASSET_SORT_FIELDS).
      sortable: isAssetSortField(field),
      ...rest,
    });
    return [
      column('name', {
        flex: 1.4,
        minWidth: 180,
        renderCell: nameLinkCell(ROUTES.asset, 'asset-link'),
      }),
      column('externalId', { flex: 1, minWidth: 170 }),
      column('status', {
        width: 120,
        renderCell: ({ row }) => <AssetStatusChip status={row.status} />,
      }),
      column('site', { flex: 0.8, minWidth: 120 }),
      column('instance_type', { flex: 0.8, minWidth: 130 }),
      column('cpu_cores', { type: 'number', width: 90 }),
      column('memory', {
        type: 'number',
        width: 120,
        // The unit in the reader's language (GiB, Gio).
        valueFormatter: (value: number | null) => (value === null ? '' : t('dashboard.units.gib', { value })),
      }),
      column('updatedAt', {
        width: 200,
        valueFormatter: (value: string) => format.dateTime(value),
      }),
    ];
  }, [t, format]);
  const responsive = useResponsiveColumns(columns, ['name', 'status']);

  const applyStatus = async (status: AssetStatus) => {
    for (const assetIds of batches(selectedIds)) {
      const result = await updateStatus({ assetIds, status });
      if (result.error) return;
    }
    setSelection(NO_SELECTION);
  };

  return (
    <Card>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ p: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }}
      >
        <TableFilterField value={filterText} onChange={refilter(setFilterText)} testId="assets-filter" />
        <MultiSelectFilter
          label={t('management.assets.status')}
          options={ASSET_STATUSES}
          value={statuses}
          onChange={refilter(setStatuses)}
          optionLabel={(status) => t(statusKey(status))}
          emptyLabel={t('management.assets.allButArchived')}
          testId="assets-status-filter"
        />
        <CollectionFilter value={collectionId} onChange={refilter(setCollectionId)} />
      </Stack>
      {isAdmin && selectedIds.length > 0 ? (
        <BulkStatusBar
          selectedCount={selectedIds.length}
          submitting={updating}
          onApply={(status) => void applyStatus(status)}
          onClear={() => setSelection(NO_SELECTION)}
        />
      ) : null}
      <DataGrid
        {...gridDefaults}
        rows={rows}
        {...responsive}
        rowCount={rowCountRef.current}
        loading={isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          setSortModel(model);
          setPagination((current) => ({ ...current, page: 0 }));
        }}
        sortingOrder={['asc', 'desc', null]}
        disableColumnFilter
        checkboxSelection={isAdmin}
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        disableRowSelectionOnClick
        autoHeight
        aria-label={t('admin.sections.assets.title')}
        data-testid="assets-grid"
        sx={{ border: 0, borderTop: 1, borderColor: 'divider', borderRadius: 0 }}
      />
    </Card>
  );
}

/** Admin → Management → Assets. */
export default function AssetsPage() {
  return (
    <ManagementPage section="assets">
      <AssetsTable />
    </ManagementPage>
  );
}
