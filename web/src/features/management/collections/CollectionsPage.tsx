import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutlineOutlined from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CollectionDto } from '@infra/contracts';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../config/routes';
import { ConfirmDeleteDialog } from '../../../shared/components/ConfirmDeleteDialog';
import { useFormat } from '../../../shared/format';
import { useDataGridDefaults, useResponsiveColumns } from '../../../shared/table';
import {
  useCreateCollectionMutation,
  useDeleteCollectionMutation,
  useGetCollectionsQuery,
  useRenameCollectionMutation,
  useSetCollectionAssetsMutation,
} from '../inventoryApi';
import { membershipCalls } from '../inventoryRules';
import { ManagementPage } from '../ManagementPage';
import { nameLinkCell } from '../nameLinkCell';
import { FilteredGridCard } from '../FilteredGridCard';
import { useInventoryAccess } from '../useInventoryAccess';
import {
  CollectionMembersDialog,
  CreateCollectionDialog,
  RenameCollectionDialog,
  type NewCollection,
} from './CollectionDialogs';
import type { AssetChoice } from './memberAssets';

/** The organization's collections; Admins create, rename, delete and edit members. */
export function CollectionsTable({
  creating,
  onCloseCreate,
}: {
  /** The create dialog is open (the page's title row holds its button). */
  creating: boolean;
  onCloseCreate: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const gridDefaults = useDataGridDefaults();
  const { isAdmin } = useInventoryAccess();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { data: collections, isLoading } = useGetCollectionsQuery();
  const [createCollection, { isLoading: saving }] = useCreateCollectionMutation();
  const [renameCollection, { isLoading: renaming }] = useRenameCollectionMutation();
  const [setCollectionAssets, { isLoading: settingMembers }] = useSetCollectionAssetsMutation();
  const [deleteCollection, { isLoading: deleting }] = useDeleteCollectionMutation();
  const [editingMembers, setEditingMembers] = useState<CollectionDto | null>(null);
  const [renamingTarget, setRenaming] = useState<CollectionDto | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<CollectionDto | null>(null);

  const columns = useMemo<GridColDef<CollectionDto>[]>(() => {
    const base: GridColDef<CollectionDto>[] = [
      {
        field: 'name',
        headerName: t('management.collections.name'),
        flex: 1.5,
        minWidth: 180,
        renderCell: nameLinkCell(ROUTES.collection, 'collection-link'),
      },
      {
        field: 'assetCount',
        headerName: t('management.collections.assetCount'),
        type: 'number',
        width: 110,
      },
      {
        field: 'updatedAt',
        headerName: t('management.updatedAt'),
        width: 200,
        valueFormatter: (value: string) => format.dateTime(value),
      },
    ];
    if (!isAdmin) return base;
    const actions: GridColDef<CollectionDto> = {
      field: 'actions',
      type: 'actions',
      headerName: t('management.actions'),
      width: 128,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="members"
          icon={<PlaylistAddOutlined fontSize="small" />}
          label={t('management.collections.editMembersOf', { name: row.name })}
          onClick={() => setEditingMembers(row)}
        />,
        <GridActionsCellItem
          key="rename"
          icon={<DriveFileRenameOutlineOutlined fontSize="small" />}
          label={t('management.collections.renameOf', { name: row.name })}
          onClick={() => setRenaming(row)}
        />,
        <GridActionsCellItem
          key="delete"
          icon={<DeleteOutline fontSize="small" />}
          label={t('management.collections.deleteOf', { name: row.name })}
          onClick={() => setConfirmingDelete(row)}
        />,
      ],
    };
    // On a phone the actions follow the name, so they need no sideways scroll.
    return phone ? [...base.slice(0, 1), actions, ...base.slice(1)] : [...base, actions];
  }, [t, format, isAdmin, phone]);
  const responsive = useResponsiveColumns(columns, ['name', 'actions']);

  const create = async ({ name, assets }: NewCollection) => {
    const result = await createCollection({ name, assetIds: assets.map((asset) => asset.id) });
    if (!result.error) onCloseCreate();
  };

  const rename = async (name: string) => {
    if (!renamingTarget) return;
    const result = await renameCollection({ id: renamingTarget.id, name });
    if (!result.error) setRenaming(null);
  };

  const saveMembers = async (before: AssetChoice[], after: AssetChoice[]) => {
    if (!editingMembers) return;
    const calls = membershipCalls(
      before.map((asset) => asset.id),
      after.map((asset) => asset.id),
    );
    for (const change of calls) {
      const result = await setCollectionAssets({ id: editingMembers.id, ...change });
      if (result.error) return;
    }
    setEditingMembers(null);
  };

  const remove = async () => {
    if (!confirmingDelete) return;
    const result = await deleteCollection(confirmingDelete.id);
    if (!result.error) setConfirmingDelete(null);
  };

  return (
    <>
      <FilteredGridCard
        {...gridDefaults}
        filterTestId="collections-filter"
        rows={collections ?? []}
        {...responsive}
        loading={isLoading}
        aria-label={t('admin.sections.collections.title')}
        data-testid="collections-grid"
      />
      <CreateCollectionDialog
        open={creating}
        submitting={saving}
        onSubmit={(collection) => void create(collection)}
        onClose={onCloseCreate}
      />
      <RenameCollectionDialog
        collection={renamingTarget}
        submitting={renaming}
        onSubmit={(name) => void rename(name)}
        onClose={() => setRenaming(null)}
      />
      <CollectionMembersDialog
        collection={editingMembers}
        submitting={settingMembers}
        onSubmit={(before, after) => void saveMembers(before, after)}
        onClose={() => setEditingMembers(null)}
      />
      <ConfirmDeleteDialog
        open={confirmingDelete !== null}
        title={t('management.collections.deleteTitle')}
        text={t('management.collections.deleteConfirm', { name: confirmingDelete?.name ?? '' })}
        confirmLabel={t('management.delete')}
        confirmTestId="collection-delete-confirm"
        submitting={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmingDelete(null)}
      />
    </>
  );
}

/** Admin → Management → Collections. */
export default function CollectionsPage() {
  const { t } = useTranslation();
  const { isAdmin } = useInventoryAccess();
  const [creating, setCreating] = useState(false);
  return (
    <ManagementPage
      section="collections"
      actions={
        isAdmin ? (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setCreating(true)}
            data-testid="collection-create"
            sx={{ flexShrink: 0 }}
          >
            {t('management.collections.create')}
          </Button>
        ) : null
      }
    >
      <CollectionsTable creating={creating} onCloseCreate={() => setCreating(false)} />
    </ManagementPage>
  );
}
