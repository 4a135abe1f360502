import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import type { BusinessEventDto } from '@infra/contracts';
import { DataGrid, GridActionsCellItem, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { useFormat } from '../../shared/format';
import { TABLE_PAGE_SIZE, useDataGridDefaults, useResponsiveColumns } from '../../shared/table';
import { searchParam } from '../management/inventoryRules';
import { nameLinkCell } from '../management/nameLinkCell';
import { TableFilterField } from '../management/TableFilterField';
import { useDebouncedValue } from '../management/useDebouncedValue';
import { useInventoryAccess } from '../management/useInventoryAccess';
import { EventsFrame, useAccountTimeZone } from './EventsFrame';
import { useGetBusinessEventsQuery } from './eventsApi';

/** The organization's events: paged and searched by name on the server, newest start first. */
export function EventsTable() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const timeZone = useAccountTimeZone();
  const gridDefaults = useDataGridDefaults('events.list.empty');
  const { isAdmin } = useInventoryAccess();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: TABLE_PAGE_SIZE });
  const [filterText, setFilterText] = useState('');
  const search = useDebouncedValue(filterText);
  const { data, isFetching } = useGetBusinessEventsQuery({
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
    search: searchParam(search),
  });

  // The grid keeps its page count while the next page loads, instead of jumping back to zero rows.
  const rowCountRef = useRef(0);
  if (data) rowCountRef.current = data.total;
  const rows = useMemo(() => data?.items ?? [], [data]);

  const columns = useMemo<GridColDef<BusinessEventDto>[]>(() => {
    const date = (value: string) => format.dateTime(value, timeZone);
    const columns: GridColDef<BusinessEventDto>[] = [
      {
        field: 'name',
        headerName: t('events.fields.name'),
        flex: 1,
        minWidth: 160,
        renderCell: nameLinkCell(ROUTES.event, 'event-link'),
      },
      { field: 'description', headerName: t('events.fields.description'), flex: 1.2, minWidth: 180 },
      { field: 'startDate', headerName: t('events.fields.start'), width: 210, valueFormatter: date },
      { field: 'endDate', headerName: t('events.fields.end'), width: 210, valueFormatter: date },
      { field: 'assetCount', headerName: t('events.fields.assets'), type: 'number', width: 90 },
    ];
    if (!isAdmin) return columns;
    return [
      ...columns,
      {
        field: 'actions',
        type: 'actions',
        headerName: t('management.actions'),
        width: 80,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditOutlined fontSize="small" />}
            label={t('events.list.editOf', { name: row.name })}
            onClick={() => void navigate(generatePath(ROUTES.eventEdit, { id: row.id }))}
            data-testid={`event-edit-${row.id}`}
          />,
        ],
      },
    ];
  }, [t, format, timeZone, isAdmin, navigate]);
  const responsive = useResponsiveColumns(columns, ['name', 'actions']);

  return (
    <Card>
      <Stack direction="row" sx={{ p: 2 }}>
        <TableFilterField
          value={filterText}
          onChange={(text) => {
            setFilterText(text);
            setPagination((current) => ({ ...current, page: 0 }));
          }}
          testId="events-filter"
        />
      </Stack>
      <DataGrid
        {...gridDefaults}
        rows={rows}
        {...responsive}
        rowCount={rowCountRef.current}
        loading={isFetching}
        paginationMode="server"
        filterMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        // The API orders by start, newest first, and sorts by nothing else.
        disableColumnSorting
        disableColumnFilter
        disableRowSelectionOnClick
        // A row opens its event; the name is also a link, and the edit action does not open the event.
        onCellClick={({ field, row }) => {
          if (field !== 'actions' && field !== 'name') void navigate(generatePath(ROUTES.event, { id: row.id }));
        }}
        autoHeight
        aria-label={t('admin.sections.events.title')}
        sx={{
          border: 0,
          borderTop: 1,
          borderColor: 'divider',
          borderRadius: 0,
          '& .MuiDataGrid-row': { cursor: 'pointer' },
        }}
      />
    </Card>
  );
}

/** Admin → Management → Events (§2): the list, with Add Event for Admins. */
export default function EventsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useInventoryAccess();
  return (
    <EventsFrame
      titleKey="admin.sections.events.title"
      actions={
        isAdmin ? (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            component={RouterLink}
            to={ROUTES.eventCreate}
            data-testid="event-add"
            sx={{ flexShrink: 0 }}
          >
            {t('events.list.add')}
          </Button>
        ) : null
      }
    >
      <EventsTable />
    </EventsFrame>
  );
}
