import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AccountDto, CreateAccountRequest } from '@infra/contracts';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { ROUTES } from '../../../config/routes';
import { ConfirmByNameDialog } from '../../../shared/components/ConfirmByNameDialog';
import { Loading } from '../../../shared/components/Loading';
import { PageHeader } from '../../../shared/components/PageHeader';
import { useDataGridDefaults, useResponsiveColumns } from '../../../shared/table';
import { usePageTitle } from '../../../shared/usePageTitle';
import { useGetAccountsQuery } from '../../account/accountApi';
import { setSelectedAccount } from '../../selection/selectedAccountSlice';
import { resetSelectedOrganization, setSelectedOrganization } from '../../selection/selectedOrganizationSlice';
import { organizationsOf } from '../../selection/selection';
import { useProfile } from '../../user/useProfile';
import { ListGridCard } from '../ListGridCard';
import { useCreateAccountMutation, useDeleteAccountMutation } from './accountsAdminApi';
import { CreateAccountDialog } from './CreateAccountDialog';
import { EditAccountDialog } from './EditAccountDialog';

/** Every account of the platform in a DataGrid (table defaults of §2): open one, edit one, create one. */
export function AccountsTable() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const gridDefaults = useDataGridDefaults('accounts.empty');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columnVisibilityModel = useMemo(
    () => ({ slug: !phone, timeZone: !narrow, thresholds: !narrow }),
    [narrow, phone],
  );
  const { data: accounts, isLoading, isError } = useGetAccountsQuery();
  const [createAccount, { isLoading: creating }] = useCreateAccountMutation();
  const [showCreate, setShowCreate] = useState(false);
  const [editing, setEditing] = useState<AccountDto | null>(null);
  const [deleteAccount, { isLoading: deleting }] = useDeleteAccountMutation();
  const [leaving, setLeaving] = useState<AccountDto | null>(null);

  const columns = useMemo<GridColDef<AccountDto>[]>(() => {
    /** Selects the account (and its first organization) in the header, then shows its admin overview. */
    const open = (account: AccountDto) => {
      dispatch(setSelectedAccount(account));
      const first = organizationsOf(account)[0];
      dispatch(first ? setSelectedOrganization(first) : resetSelectedOrganization());
      void navigate(ROUTES.adminAccountOverview);
    };
    return [
      { field: 'name', headerName: t('account.fields.name'), flex: 1, minWidth: 120 },
      { field: 'slug', headerName: t('account.fields.slug'), flex: 0.8, minWidth: 110 },
      { field: 'timeZone', headerName: t('account.fields.timeZone'), flex: 0.8, minWidth: 140 },
      {
        field: 'organizations',
        headerName: t('accounts.columns.organizations'),
        type: 'number',
        width: 120,
        valueGetter: (_value, account) => account.organization.length,
      },
      {
        field: 'thresholds',
        headerName: t('accounts.columns.thresholds'),
        width: 130,
        valueGetter: (_value, account) =>
          t('accounts.thresholdRange', {
            min: account.minWorkloadPercentThreshold,
            max: account.maxWorkloadPercentThreshold,
          }),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('accounts.columns.actions'),
        width: 132,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="open"
            icon={<LoginOutlined fontSize="small" />}
            label={t('accounts.openOf', { name: row.name })}
            onClick={() => open(row)}
          />,
          <GridActionsCellItem
            key="edit"
            icon={<EditOutlined fontSize="small" />}
            label={t('accounts.editOf', { name: row.name })}
            onClick={() => setEditing(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteOutline fontSize="small" />}
            label={t('accounts.deleteOf', { name: row.name })}
            onClick={() => setLeaving(row)}
          />,
        ],
      },
    ];
  }, [t, dispatch, navigate]);
  const responsive = useResponsiveColumns(columns, ['name', 'actions'], columnVisibilityModel);

  const remove = async (name: string) => {
    if (!leaving) return;
    const result = await deleteAccount({ id: leaving.id, name });
    if (!result.error) setLeaving(null);
  };

  const create = async (request: CreateAccountRequest) => {
    const result = await createAccount(request);
    if (!result.error) setShowCreate(false);
  };

  return (
    <>
      <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setShowCreate(true)} sx={{ mb: 2 }}>
        {t('accounts.create')}
      </Button>
      <ListGridCard
        {...gridDefaults}
        isError={isError}
        errorTestId="accounts-error"
        rows={accounts ?? []}
        {...responsive}
        loading={isLoading}
        aria-label={t('admin.sections.accounts.title')}
      />
      <CreateAccountDialog
        open={showCreate}
        submitting={creating}
        onSubmit={(request) => void create(request)}
        onClose={() => setShowCreate(false)}
      />
      <EditAccountDialog account={editing} onClose={() => setEditing(null)} />
      <ConfirmByNameDialog
        name={leaving?.name ?? null}
        title={t('accounts.deleteTitle', { name: leaving?.name ?? '' })}
        warning={t('accounts.deleteWarning')}
        deleting={deleting}
        onConfirm={(name) => void remove(name)}
        onClose={() => setLeaving(null)}
      />
    </>
  );
}

/** Admin → Accounts: System Admins only; anyone else is told so and asks for nothing. */
export default function AccountsPage() {
  const { t } = useTranslation();
  usePageTitle('admin.sections.accounts.title');
  const { data: profile, isLoading } = useProfile();
  if (isLoading) return <Loading />;
  return (
    <>
      <PageHeader title={t('admin.sections.accounts.title')} subtitle={t('admin.sections.accounts.description')} />
      {profile?.systemAdmin ? (
        <AccountsTable />
      ) : (
        <Alert severity="warning" data-testid="accounts-refused">
          {t('accounts.systemAdminOnly')}
        </Alert>
      )}
    </>
  );
}
