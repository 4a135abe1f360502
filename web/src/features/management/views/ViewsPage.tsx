import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SaveViewRequest, TimeHorizon, ViewDto } from '@infra/contracts';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../config/routes';
import { ConfirmDeleteDialog } from '../../../shared/components/ConfirmDeleteDialog';
import { useFormat } from '../../../shared/format';
import { useDataGridDefaults, useResponsiveColumns } from '../../../shared/table';
import {
  useCreateViewMutation,
  useDeleteViewMutation,
  useGetCollectionsQuery,
  useGetViewsQuery,
} from '../inventoryApi';
import { ManagementPage } from '../ManagementPage';
import { nameLinkCell } from '../nameLinkCell';
import { FilteredGridCard } from '../FilteredGridCard';
import { useInventoryAccess } from '../useInventoryAccess';
import { timeHorizonKey, ViewDialog } from './ViewDialog';

/** The view dialog: Add View (no view) or Edit View; the view stays while the dialog fades out. */
interface Editing {
  open: boolean;
  view: ViewDto | null;
}

const CLOSED: Editing = { open: false, view: null };

/** The organization's saved views; every member adds views, and edits or deletes their own (Admins any). */
export function ViewsTable({ editing, onEdit }: { editing: Editing; onEdit: (editing: Editing) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const gridDefaults = useDataGridDefaults('management.views.empty');
  const { canChangeView } = useInventoryAccess();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { data: views, isLoading } = useGetViewsQuery();
  const { data: collections } = useGetCollectionsQuery();
  const [createView, { isLoading: saving }] = useCreateViewMutation();
  const [deleteView, { isLoading: deleting }] = useDeleteViewMutation();
  const [confirmingDelete, setConfirmingDelete] = useState<ViewDto | null>(null);

  const collectionNames = useMemo(
    () => new Map((collections ?? []).map((collection) => [collection.id, collection.name])),
    [collections],
  );

  const columns = useMemo<GridColDef<ViewDto>[]>(() => {
    const actions: GridColDef<ViewDto> = {
      field: 'actions',
      type: 'actions',
      headerName: t('management.actions'),
      width: 96,
      getActions: ({ row }) =>
        canChangeView(row)
          ? [
              <GridActionsCellItem
                key="edit"
                icon={<EditOutlined fontSize="small" />}
                label={t('management.views.editOf', { name: row.name })}
                onClick={() => onEdit({ open: true, view: row })}
              />,
              <GridActionsCellItem
                key="delete"
                icon={<DeleteOutline fontSize="small" />}
                label={t('management.views.deleteOf', { name: row.name })}
                onClick={() => setConfirmingDelete(row)}
              />,
            ]
          : [],
    };
    const base: GridColDef<ViewDto>[] = [
      {
        field: 'name',
        headerName: t('management.views.name'),
        flex: 1,
        minWidth: 160,
        renderCell: nameLinkCell(ROUTES.view, 'view-link'),
      },
      { field: 'description', headerName: t('management.views.description'), flex: 1.2, minWidth: 180 },
      {
        field: 'collectionIds',
        headerName: t('management.views.collections'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (ids: string[]) => ids.map((id) => collectionNames.get(id) ?? id).join(', '),
      },
      {
        field: 'tagIds',
        headerName: t('management.views.tags'),
        type: 'number',
        width: 80,
        valueGetter: (ids: string[]) => ids.length,
      },
      {
        field: 'timeHorizon',
        headerName: t('management.views.timeHorizon'),
        width: 140,
        valueFormatter: (value: TimeHorizon) => t(timeHorizonKey(value)),
      },
      {
        field: 'updatedAt',
        headerName: t('management.updatedAt'),
        width: 200,
        valueFormatter: (value: string) => format.dateTime(value),
      },
    ];
    // On a phone the actions follow the name, so they need no sideways scroll.
    return phone ? [...base.slice(0, 1), actions, ...base.slice(1)] : [...base, actions];
  }, [t, format, collectionNames, canChangeView, onEdit, phone]);
  const responsive = useResponsiveColumns(columns, ['name', 'actions']);

  const save = async (request: SaveViewRequest) => {
    const result = await createView(request);
    if (!result.error) onEdit({ ...editing, open: false });
  };

  const remove = async () => {
    if (!confirmingDelete) return;
    const result = await deleteView(confirmingDelete.id);
    if (!result.error) setConfirmingDelete(null);
  };

  return (
    <>
      <FilteredGridCard
        {...gridDefaults}
        filterTestId="views-filter"
        rows={views ?? []}
        {...responsive}
        loading={isLoading}
        aria-label={t('admin.sections.views.title')}
        data-testid="views-grid"
      />
      <ViewDialog
        open={editing.open}
        view={editing.view}
        submitting={saving}
        onSave={(request) => void save(request)}
        onClose={() => onEdit({ ...editing, open: false })}
      />
      <ConfirmDeleteDialog
        open={confirmingDelete !== null}
        title={t('management.views.deleteTitle')}
        text={t('management.views.deleteConfirm', { name: confirmingDelete?.name ?? '' })}
        confirmLabel={t('management.delete')}
        confirmTestId="view-delete-confirm"
        submitting={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmingDelete(null)}
      />
    </>
  );
}

/** Admin → Management → Views. */
export default function ViewsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(CLOSED);
  return (
    <ManagementPage
      section="views"
      actions={
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setEditing({ open: true, view: null })}
          data-testid="view-add"
          sx={{ flexShrink: 0 }}
        >
          {t('management.views.add')}
        </Button>
      }
    >
      <ViewsTable editing={editing} onEdit={setEditing} />
    </ManagementPage>
  );
}
