import AddOutlined from '@mui/icons-material/AddOutlined';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { LIMITS, TAG_STATUSES, tagFieldIssue, type TagDto, type TagStatus } from '@infra/contracts';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ROUTES } from '../../config/routes';
import { useFormat } from '../../shared/format';
import { useDataGridDefaults, useResponsiveColumns } from '../../shared/table';
import { searchParam } from '../management/inventoryRules';
import { TableFilterField } from '../management/TableFilterField';
import { useDebouncedValue } from '../management/useDebouncedValue';
import { useInventoryAccess } from '../management/useInventoryAccess';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { TaggingFrame } from './TaggingFrame';
import { TagStatusChip } from './TagStatusChip';
import { TAG_RULE_KEYS, tagStatusKey } from './tagRules';
import { useGetTagsQuery, useUpdateTagMutation } from './tagsApi';
import { MultiSelectFilter } from '../../shared/components/MultiSelectFilter';

/** The status filter: no choice lists every status, archived included (the library shows them). */
/** Edits a tag's description, checking the rule (§5) as the user types. */
function EditDescriptionDialog({ tag, onClose }: { tag: TagDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [description, setDescription] = useState('');
  const [updateTag, { isLoading }] = useUpdateTagMutation();
  useEffect(() => {
    if (tag) setDescription(tag.description);
  }, [tag]);
  const invalid = tagFieldIssue('description', description) !== undefined;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tag || invalid) return;
    const result = await updateTag({ id: tag.id, description });
    if (!result.error) onClose();
  };
  return (
    <Dialog open={tag !== null} onClose={onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{t('tags.library.editTitle', { tagId: tag?.tagId ?? '' })}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('tags.fields.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={invalid}
            helperText={invalid ? t(TAG_RULE_KEYS.description) : t('tags.fields.descriptionHelp')}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{
              htmlInput: { maxLength: LIMITS.tagDescriptionMaxLength + 1, 'data-testid': 'tag-description' },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={invalid || isLoading} data-testid="tag-description-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Asks before archiving or restoring a tag. */
function ArchiveDialog({ tag, onClose }: { tag: TagDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [updateTag, { isLoading }] = useUpdateTagMutation();
  const restoring = tag?.status === 'Archived';
  const confirm = async () => {
    if (!tag) return;
    const result = await updateTag({ id: tag.id, archived: !restoring });
    if (!result.error) onClose();
  };
  const mode = restoring ? 'restore' : 'archive';
  return (
    <Dialog open={tag !== null} onClose={onClose} maxWidth="xs">
      <DialogTitle>{t(`tags.library.${mode}Title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`tags.library.${mode}Confirm`, { tagId: tag?.tagId ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={restoring ? 'primary' : 'warning'}
          onClick={() => void confirm()}
          disabled={isLoading}
          data-testid="tag-archive-confirm"
        >
          {t(`tags.library.${mode}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Tag Library (spec §2): the organization's tags; Admins edit, archive and restore them. */
export default function TagLibraryPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const gridDefaults = useDataGridDefaults('tags.library.empty');
  const { isAdmin } = useInventoryAccess();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const [filterText, setFilterText] = useState('');
  const [statuses, setStatuses] = useState<TagStatus[]>([]);
  const [includeSystemTags, setIncludeSystemTags] = useState(false);
  const [editing, setEditing] = useState<TagDto | null>(null);
  const [archiving, setArchiving] = useState<TagDto | null>(null);
  const search = useDebouncedValue(filterText);
  const { data: tags, isFetching } = useGetTagsQuery(
    { search: searchParam(search), status: statuses.join(',') || undefined, includeSystemTags },
    { skip: !organizationId },
  );

  const columns = useMemo<GridColDef<TagDto>[]>(
    () => [
      { field: 'tagId', headerName: t('tags.columns.tagId'), flex: 1.2, minWidth: 180 },
      { field: 'description', headerName: t('tags.columns.description'), flex: 1.2, minWidth: 180 },
      {
        field: 'status',
        headerName: t('tags.columns.status'),
        width: 120,
        renderCell: ({ row }) => <TagStatusChip status={row.status} />,
      },
      { field: 'assetCount', headerName: t('tags.columns.assets'), type: 'number', width: 100 },
      {
        field: 'updatedAt',
        headerName: t('tags.columns.updated'),
        width: 200,
        valueFormatter: (value: string) => format.dateTime(value),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('tags.columns.actions'),
        width: 128,
        getActions: ({ row }) => {
          const logs = (
            <GridActionsCellItem
              key="logs"
              icon={<HistoryOutlined fontSize="small" />}
              label={t('tags.library.logsOf', { tagId: row.tagId })}
              onClick={() => void navigate(generatePath(ROUTES.adminLogs, { id: row.id }))}
            />
          );
          // System tags follow their assets' attributes: nobody edits them by hand.
          if (!isAdmin || row.system) return [logs];
          const archived = row.status === 'Archived';
          return [
            <GridActionsCellItem
              key="edit"
              icon={<EditOutlined fontSize="small" />}
              label={t('tags.library.editOf', { tagId: row.tagId })}
              onClick={() => setEditing(row)}
            />,
            <GridActionsCellItem
              key="archive"
              icon={archived ? <UnarchiveOutlined fontSize="small" /> : <ArchiveOutlined fontSize="small" />}
              label={t(archived ? 'tags.library.restoreOf' : 'tags.library.archiveOf', { tagId: row.tagId })}
              onClick={() => setArchiving(row)}
            />,
            logs,
          ];
        },
      },
    ],
    [t, format, isAdmin, navigate],
  );
  const responsive = useResponsiveColumns(columns, ['tagId', 'status', 'actions']);

  return (
    <TaggingFrame titleKey="pages.tagLibrary">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {isAdmin ? (
          <>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              component={RouterLink}
              to={ROUTES.tagCreate}
              data-testid="tags-create"
            >
              {t('tags.library.create')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<LocalOfferOutlined />}
              component={RouterLink}
              to={ROUTES.tagAssign}
              data-testid="tags-assign"
            >
              {t('tags.library.assign')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              component={RouterLink}
              to={ROUTES.tagImport}
              data-testid="tags-import"
            >
              {t('tags.library.import')}
            </Button>
          </>
        ) : null}
        <Button
          startIcon={<HistoryOutlined />}
          component={RouterLink}
          to={generatePath(ROUTES.adminLogs, { id: organizationId })}
          data-testid="tags-audit-log"
        >
          {t('tags.library.auditLog')}
        </Button>
      </Stack>
      <Card>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ p: 2, flexWrap: 'wrap', alignItems: { sm: 'center' } }}
        >
          <TableFilterField value={filterText} onChange={setFilterText} testId="tags-filter" />
          <MultiSelectFilter
            label={t('tags.library.status')}
            options={TAG_STATUSES}
            value={statuses}
            onChange={setStatuses}
            optionLabel={(status) => t(tagStatusKey(status))}
            emptyLabel={t('tags.library.allStatuses')}
            testId="tags-status-filter"
          />
          <FormControlLabel
            control={
              <Switch checked={includeSystemTags} onChange={(event) => setIncludeSystemTags(event.target.checked)} />
            }
            label={t('tags.library.includeSystemTags')}
          />
        </Stack>
        <DataGrid
          {...gridDefaults}
          rows={tags ?? []}
          {...responsive}
          loading={isFetching}
          disableColumnFilter
          disableRowSelectionOnClick
          autoHeight
          aria-label={t('pages.tagLibrary')}
          sx={{ border: 0, borderTop: 1, borderColor: 'divider', borderRadius: 0 }}
        />
      </Card>
      <EditDescriptionDialog tag={editing} onClose={() => setEditing(null)} />
      <ArchiveDialog tag={archiving} onClose={() => setArchiving(null)} />
    </TaggingFrame>
  );
}
