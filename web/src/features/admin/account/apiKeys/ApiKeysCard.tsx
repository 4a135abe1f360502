import BlockOutlined from '@mui/icons-material/BlockOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  apiKeyStatus,
  type AccountDto,
  type ApiKeyDto,
  type ApiKeyStatus,
  type CreateApiKeyRequest,
  type CreatedApiKeyDto,
} from '@infra/contracts';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../../shared/components/ConfirmDeleteDialog';
import { useFormat } from '../../../../shared/format';
import { roleKey } from '../../../../shared/roles';
import { useDataGridDefaults, useResponsiveColumns } from '../../../../shared/table';
import { CreateApiKeyDialog, SecretDialog } from './ApiKeyDialogs';
import { useCreateApiKeyMutation, useGetApiKeysQuery, useRevokeApiKeyMutation } from './apiKeysApi';

const STATUS_COLORS: Record<ApiKeyStatus, 'success' | 'default' | 'error'> = {
  Active: 'success',
  Expired: 'default',
  Revoked: 'error',
};

/** Admin → Account → Security: the account's API keys (create, shown once; revoke). For account Admins. */
export function ApiKeysCard({ account }: { account: Pick<AccountDto, 'id' | 'organization' | 'timeZone'> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const gridDefaults = useDataGridDefaults('apiKeys.empty');
  const { data: keys, isLoading } = useGetApiKeysQuery(account.id);
  const [createKey, { isLoading: creating }] = useCreateApiKeyMutation();
  const [revokeKey, { isLoading: revoking }] = useRevokeApiKeyMutation();
  const [showCreate, setShowCreate] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [revokingKey, setRevokingKey] = useState<ApiKeyDto | null>(null);

  const columns = useMemo<GridColDef<ApiKeyDto>[]>(() => {
    const date = (value: string | null) => format.dateTime(value, account.timeZone);
    return [
      { field: 'name', headerName: t('apiKeys.name'), flex: 1, minWidth: 140 },
      { field: 'organizationName', headerName: t('apiKeys.organization'), flex: 1, minWidth: 120 },
      {
        field: 'role',
        headerName: t('apiKeys.role'),
        width: 96,
        valueFormatter: (value: string) => t(roleKey(value)),
      },
      {
        field: 'prefix',
        headerName: t('apiKeys.prefix'),
        width: 150,
        renderCell: ({ value }) => <code>{`${String(value)}…`}</code>,
      },
      { field: 'createdAt', headerName: t('apiKeys.created'), width: 190, valueFormatter: date },
      {
        field: 'expiresAt',
        headerName: t('apiKeys.expires'),
        width: 190,
        valueFormatter: (value: string | null) => (value ? date(value) : t('apiKeys.noExpiry')),
      },
      {
        field: 'lastUsedAt',
        headerName: t('apiKeys.lastUsed'),
        width: 190,
        valueFormatter: (value: string | null) => (value ? date(value) : t('apiKeys.never')),
      },
      {
        field: 'status',
        headerName: t('apiKeys.status'),
        width: 110,
        valueGetter: (_value, key) => apiKeyStatus(key),
        renderCell: ({ value }) => {
          const status = value as ApiKeyStatus;
          return <Chip size="small" color={STATUS_COLORS[status]} label={t(`apiKeys.statuses.${status}`)} />;
        },
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('apiKeys.actions'),
        width: 80,
        getActions: ({ row }) =>
          row.revokedAt
            ? []
            : [
                <GridActionsCellItem
                  key="revoke"
                  icon={<BlockOutlined fontSize="small" />}
                  label={t('apiKeys.revokeKey', { name: row.name })}
                  onClick={() => setRevokingKey(row)}
                />,
              ],
      },
    ];
  }, [t, format, account.timeZone]);
  const responsive = useResponsiveColumns(columns, ['name', 'status', 'actions']);

  const create = async (request: CreateApiKeyRequest) => {
    const result = await createKey({ accountId: account.id, ...request });
    if (!result.data) return;
    setShowCreate(false);
    setCreated(result.data);
  };

  const revoke = async () => {
    if (!revokingKey) return;
    const result = await revokeKey({ accountId: account.id, keyId: revokingKey.id });
    if (!result.error) setRevokingKey(null);
  };

  return (
    <Card sx={{ mt: 3 }} data-testid="api-keys-card">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <KeyOutlined color="action" />
          <Typography variant="h6" component="h2">
            {t('apiKeys.title')}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('apiKeys.description')}
        </Typography>
        <Button variant="contained" onClick={() => setShowCreate(true)} sx={{ mb: 2 }}>
          {t('apiKeys.create')}
        </Button>
        <DataGrid
          {...gridDefaults}
          rows={keys ?? []}
          {...responsive}
          loading={isLoading}
          autoHeight
          disableRowSelectionOnClick
          aria-label={t('apiKeys.title')}
        />
      </CardContent>
      <CreateApiKeyDialog
        open={showCreate}
        organizations={account.organization}
        submitting={creating}
        onSubmit={(request) => void create(request)}
        onClose={() => setShowCreate(false)}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDeleteDialog
        open={revokingKey !== null}
        title={t('apiKeys.revokeTitle')}
        text={revokingKey ? t('apiKeys.revokeConfirm', { name: revokingKey.name }) : ''}
        confirmLabel={t('apiKeys.revoke')}
        confirmTestId="api-key-revoke-confirm"
        submitting={revoking}
        onConfirm={() => void revoke()}
        onClose={() => setRevokingKey(null)}
      />
    </Card>
  );
}
