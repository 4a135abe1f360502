import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import type { RuleDto, SaveRuleRequest } from '@infra/contracts';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../shared/components/ConfirmDeleteDialog';
import { useAppSelector } from '../../app/hooks';
import { useDataGridDefaults, useResponsiveColumns } from '../../shared/table';
import { useGetCollectionsQuery } from '../management/inventoryApi';
import { useInventoryAccess } from '../management/useInventoryAccess';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { TaggingFrame } from '../tags/TaggingFrame';
import { useGetTagsQuery } from '../tags/tagsApi';
import { conditionParts } from './ruleForm';
import { RuleDialog } from './RuleDialog';
import {
  useApplyRuleMutation,
  useCreateRuleMutation,
  useDeleteRuleMutation,
  useGetRulesQuery,
  useUpdateRuleMutation,
} from './rulesApi';

/** Admin → Rules → Business Rule: rules that tag the assets matching their conditions; Admins change them. */
export default function RulesPage() {
  const { t } = useTranslation();
  const gridDefaults = useDataGridDefaults('rules.empty');
  const { isAdmin } = useInventoryAccess();
  const skip = !useAppSelector(selectSelectedOrganizationId);
  const { data: rules, isFetching } = useGetRulesQuery(undefined, { skip });
  const { data: tags } = useGetTagsQuery({ includeSystemTags: true }, { skip });
  const { data: collections } = useGetCollectionsQuery(undefined, { skip });
  const [createRule, { isLoading: creating }] = useCreateRuleMutation();
  const [updateRule, { isLoading: updating }] = useUpdateRuleMutation();
  const [deleteRule, { isLoading: deleting }] = useDeleteRuleMutation();
  const [applyRule] = useApplyRuleMutation();
  // undefined: closed; null: creating; a rule: editing it.
  const [editing, setEditing] = useState<RuleDto | null | undefined>(undefined);
  const [confirmingDelete, setConfirmingDelete] = useState<RuleDto | null>(null);

  const tagLabel = useMemo(() => new Map((tags ?? []).map((tag) => [tag.id, tag.tagId])), [tags]);
  const collectionName = useMemo(
    () => new Map((collections ?? []).map((collection) => [collection.id, collection.name])),
    [collections],
  );

  const columns = useMemo<GridColDef<RuleDto>[]>(() => {
    const base: GridColDef<RuleDto>[] = [
      { field: 'name', headerName: t('rules.columns.name'), flex: 1, minWidth: 160 },
      {
        field: 'tagId',
        headerName: t('rules.columns.tag'),
        flex: 0.8,
        minWidth: 140,
        valueGetter: (value: string) => tagLabel.get(value) ?? value,
      },
      {
        field: 'conditions',
        headerName: t('rules.columns.conditions'),
        flex: 2,
        minWidth: 260,
        sortable: false,
        valueGetter: (_value, row) =>
          conditionParts(row.conditions, (id) => collectionName.get(id) ?? id)
            .map((part) => `${t(part.key)}: ${part.values.join(', ')}`)
            .join(' · '),
      },
      {
        field: 'enabled',
        headerName: t('rules.columns.enabled'),
        width: 110,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.enabled ? 'success' : 'default'}
            label={t(row.enabled ? 'rules.on' : 'rules.off')}
          />
        ),
      },
    ];
    if (!isAdmin) return base;
    return [
      ...base,
      {
        field: 'actions',
        type: 'actions',
        headerName: t('tags.columns.actions'),
        width: 128,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditOutlined fontSize="small" />}
            label={t('rules.editOf', { name: row.name })}
            onClick={() => setEditing(row)}
          />,
          <GridActionsCellItem
            key="apply"
            icon={<PlayArrowOutlined fontSize="small" />}
            label={t('rules.applyOf', { name: row.name })}
            onClick={() => void applyRule(row.id)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteOutline fontSize="small" />}
            label={t('rules.deleteOf', { name: row.name })}
            onClick={() => setConfirmingDelete(row)}
          />,
        ],
      },
    ];
  }, [t, isAdmin, tagLabel, collectionName, applyRule]);
  const responsive = useResponsiveColumns(columns, ['name', 'enabled', 'actions']);

  const save = async (request: SaveRuleRequest) => {
    const result = editing ? await updateRule({ id: editing.id, ...request }) : await createRule(request);
    if (!result.error) setEditing(undefined);
  };

  const remove = async () => {
    if (!confirmingDelete) return;
    const result = await deleteRule(confirmingDelete.id);
    if (!result.error) setConfirmingDelete(null);
  };

  return (
    <TaggingFrame
      titleKey="admin.sections.businessRule.title"
      actions={
        isAdmin ? (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing(null)}
            data-testid="rule-create"
            sx={{ flexShrink: 0 }}
          >
            {t('rules.create')}
          </Button>
        ) : null
      }
    >
      <Card>
        <DataGrid
          {...gridDefaults}
          rows={rules ?? []}
          {...responsive}
          loading={isFetching}
          disableColumnFilter
          disableRowSelectionOnClick
          autoHeight
          aria-label={t('admin.sections.businessRule.title')}
          sx={{ border: 0 }}
        />
      </Card>
      <RuleDialog
        open={editing !== undefined}
        rule={editing ?? null}
        tags={tags ?? []}
        collections={collections ?? []}
        submitting={creating || updating}
        onSave={(request) => void save(request)}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDeleteDialog
        open={confirmingDelete !== null}
        title={t('rules.deleteTitle')}
        text={t('rules.deleteConfirm', { name: confirmingDelete?.name ?? '' })}
        confirmLabel={t('management.delete')}
        confirmTestId="rule-delete-confirm"
        submitting={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirmingDelete(null)}
      />
    </TaggingFrame>
  );
}
