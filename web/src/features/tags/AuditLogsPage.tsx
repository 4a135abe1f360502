import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { AUDIT_DETAIL_CODES, type AuditLogEntryDto } from '@infra/contracts';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useFormat } from '../../shared/format';
import { useDataGridDefaults, useResponsiveColumns } from '../../shared/table';
import { useServerPagination } from '../../shared/useServerPagination';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { auditDetailText } from './auditDetail';
import { TaggingFrame } from './TaggingFrame';
import { activityKey } from './tagRules';
import { useGetTagEventsQuery, useGetTagsQuery } from './tagsApi';
import { useActorLabel } from './useActorLabel';

/**
 * Audit logs (spec §2, `/admin/logs/{id}`): one tag's entries, or the organization's when the id is the
 * selected organization's; newest first, paged on the server.
 */
export default function AuditLogsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const actorLabel = useActorLabel();
  const gridDefaults = useDataGridDefaults('tags.audit.empty');
  const { id = '' } = useParams();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const wholeOrganization = id === organizationId;
  const pagination = useServerPagination();
  const { data, isFetching } = useGetTagEventsQuery(
    { ...(wholeOrganization ? {} : { id }), page: pagination.page, pageSize: pagination.pageSize },
    { skip: !organizationId },
  );
  const { data: tags } = useGetTagsQuery(
    { tagIds: id, includeSystemTags: true },
    { skip: !organizationId || wholeOrganization },
  );
  const tag = tags?.find((candidate) => candidate.id === id);

  const columns = useMemo<GridColDef<AuditLogEntryDto>[]>(
    () => [
      {
        field: 'date',
        headerName: t('tags.audit.date'),
        width: 200,
        sortable: false,
        valueFormatter: (value: string) => format.dateTime(value),
      },
      {
        field: 'userId',
        headerName: t('tags.audit.user'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) => actorLabel(row),
      },
      {
        field: 'activity',
        headerName: t('tags.audit.activity'),
        width: 170,
        sortable: false,
        valueFormatter: (value: AuditLogEntryDto['activity']) => t(activityKey(value)),
      },
      {
        field: 'detail',
        headerName: t('tags.audit.detail'),
        flex: 2,
        minWidth: 260,
        sortable: false,
        // In the reader's language; a code this build does not know yet shows the service's English sentence.
        valueGetter: (_value, row) =>
          (AUDIT_DETAIL_CODES as readonly string[]).includes(row.detailCode) ? auditDetailText(t, row) : row.detail,
      },
    ],
    [t, format, actorLabel],
  );
  const responsive = useResponsiveColumns(columns, ['date', 'detail']);

  return (
    <TaggingFrame titleKey="pages.auditLogs">
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="audit-scope">
        {wholeOrganization ? t('tags.audit.organizationScope') : t('tags.audit.tagScope', { tagId: tag?.tagId ?? id })}
      </Typography>
      <Card>
        <DataGrid
          {...gridDefaults}
          rows={data?.items ?? []}
          {...responsive}
          {...pagination.gridProps(data?.total)}
          loading={isFetching}
          getRowHeight={() => 'auto'}
          aria-label={t('pages.auditLogs')}
          sx={{ border: 0, '& .MuiDataGrid-cell': { py: 1 } }}
        />
      </Card>
    </TaggingFrame>
  );
}
