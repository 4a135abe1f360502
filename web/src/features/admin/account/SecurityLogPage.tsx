import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  SECURITY_EVENT_KINDS,
  type AccountDto,
  type SecurityEventDetail,
  type SecurityEventDto,
  type SecurityEventKind,
} from '@infra/contracts';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE_URL } from '../../../config';
import { MultiSelectFilter } from '../../../shared/components/MultiSelectFilter';
import { SupportEmailLink } from '../../../shared/components/SupportEmailLink';
import { useFormat } from '../../../shared/format';
import { roleKey } from '../../../shared/roles';
import { useDataGridDefaults, useResponsiveColumns } from '../../../shared/table';
import { useServerPagination } from '../../../shared/useServerPagination';
import { useDebouncedValue } from '../../management/useDebouncedValue';
import { AdminAccountPage } from './AdminAccountPage';
import { securityLogPath, securityLogSearch, useGetSecurityEventsQuery } from './securityLogApi';

/** What changed or why it failed, in the reader's language: roles are translated, names shown as they are. */
export function securityDetailText(t: TFunction, event: Pick<SecurityEventDto, 'detail'>): string {
  const { reason, from, to, role, name }: SecurityEventDetail = event.detail;
  const parts: string[] = [];
  if (reason) parts.push(t(`securityLog.reasons.${reason}`, { defaultValue: reason }));
  if (from && to) parts.push(t('securityLog.roleChange', { from: t(roleKey(from)), to: t(roleKey(to)) }));
  else if (role) parts.push(t('securityLog.withRole', { role: t(roleKey(role)) }));
  // The organization an integration belongs to (an account has several).
  if (name) parts.push(t('securityLog.inOrganization', { name }));
  return parts.join(' · ');
}

/** The account's security log: who did what to its access, from where, and whether it worked; filters and CSV. */
export function SecurityLogTable({ account }: { account: Pick<AccountDto, 'id'> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const gridDefaults = useDataGridDefaults('securityLog.empty');
  const [actor, setActor] = useState('');
  const [kinds, setKinds] = useState<SecurityEventKind[]>([]);
  const pagination = useServerPagination();
  const filter = { actor: useDebouncedValue(actor.trim()), kinds: kinds.join(',') };
  const { data, isFetching, isError } = useGetSecurityEventsQuery({
    accountId: account.id,
    ...filter,
    page: pagination.page,
    pageSize: pagination.pageSize,
  });

  const columns = useMemo<GridColDef<SecurityEventDto>[]>(
    () => [
      {
        field: 'occurredAt',
        headerName: t('securityLog.date'),
        width: 190,
        valueFormatter: (value: string) => format.dateTime(value),
      },
      {
        field: 'kind',
        headerName: t('securityLog.kind'),
        flex: 1,
        minWidth: 170,
        valueFormatter: (value: SecurityEventKind) => t(`securityLog.kinds.${value}`),
      },
      {
        field: 'outcome',
        headerName: t('securityLog.outcome'),
        width: 120,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.outcome === 'success' ? 'success' : 'error'}
            label={t(`securityLog.outcomes.${row.outcome}`)}
          />
        ),
      },
      {
        field: 'actorEmail',
        headerName: t('securityLog.actor'),
        flex: 1.2,
        minWidth: 190,
        valueFormatter: (value: string | null) => value ?? t('securityLog.unknownActor'),
      },
      { field: 'subject', headerName: t('securityLog.subject'), flex: 1, minWidth: 150 },
      { field: 'clientAddress', headerName: t('securityLog.clientAddress'), width: 150 },
      {
        field: 'detail',
        headerName: t('securityLog.detail'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => securityDetailText(t, row),
      },
    ],
    [t, format],
  );
  const responsive = useResponsiveColumns(columns, ['occurredAt', 'kind', 'outcome']);
  const csvHref = `${API_BASE_URL}/${securityLogPath(account.id)}.csv${securityLogSearch(filter)}`;

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label={t('securityLog.actorFilter')}
          value={actor}
          onChange={(event) => {
            setActor(event.target.value);
            pagination.toFirstPage();
          }}
          slotProps={{ htmlInput: { 'data-testid': 'security-log-actor', maxLength: 254 } }}
          sx={{ minWidth: { sm: 260 } }}
        />
        <MultiSelectFilter
          label={t('securityLog.kind')}
          options={SECURITY_EVENT_KINDS}
          value={kinds}
          onChange={(next) => {
            setKinds(next);
            pagination.toFirstPage();
          }}
          optionLabel={(kind) => t(`securityLog.kinds.${kind}`)}
          emptyLabel={t('securityLog.allKinds')}
          testId="security-log-kinds"
        />
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          href={csvHref}
          download="security-log.csv"
          data-testid="security-log-export"
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, ml: { sm: 'auto !important' } }}
        >
          {t('securityLog.export')}
        </Button>
      </Stack>
      {isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('toast.unknownError')}
        </Alert>
      ) : null}
      <Card>
        <DataGrid
          {...gridDefaults}
          rows={data?.items ?? []}
          {...responsive}
          {...pagination.gridProps(data?.total)}
          loading={isFetching}
          aria-label={t('admin.sections.securityLog.title')}
          sx={{ border: 0 }}
        />
      </Card>
    </>
  );
}

/** Admin → Account → Security log: for the account's Admins; others are told whom to ask. */
export default function SecurityLogPage() {
  const { t } = useTranslation();
  return (
    <AdminAccountPage section="securityLog">
      {({ account, canManage }) =>
        canManage ? (
          <SecurityLogTable account={account} />
        ) : (
          <Alert severity="info" data-testid="security-log-read-only">
            {t('securityLog.adminOnly')} <SupportEmailLink />
          </Alert>
        )
      }
    </AdminAccountPage>
  );
}
