import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AccountDto, OrganizationDto, OrganizationRequest } from '@infra/contracts';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmByNameDialog } from '../../../shared/components/ConfirmByNameDialog';
import { useDataGridDefaults, useResponsiveColumns } from '../../../shared/table';
import {
  useCreateOrganizationMutation,
  useDeleteOrganizationMutation,
  useGetOrganizationsQuery,
  useUpdateOrganizationMutation,
} from '../../account/accountApi';
import { resetSelectedOrganization, selectSelectedOrganization } from '../../selection/selectedOrganizationSlice';
import { useProfile } from '../../user/useProfile';
import { AdminAccountPage } from '../account/AdminAccountPage';
import { ListGridCard } from '../ListGridCard';
import { OrganizationDialog } from './OrganizationDialog';
import { placeOf } from './organizationForm';

/** A website as typed may lack its scheme ("example.com"): the link gets one. */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export interface OrganizationsTableProps {
  account: Pick<AccountDto, 'id' | 'slug' | 'name'>;
  /** Admins add organizations and edit them. */
  canManage: boolean;
  /** System Admins also delete them, with all their data. */
  canDelete?: boolean;
}

/** The account's organizations in a DataGrid (table defaults of §2), with add and edit for Admins. */
export function OrganizationsTable({ account, canManage, canDelete = false }: OrganizationsTableProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedOrganization);
  const [deleteOrganization, { isLoading: deleting }] = useDeleteOrganizationMutation();
  const [leaving, setLeaving] = useState<OrganizationDto | null>(null);
  const gridDefaults = useDataGridDefaults('organizations.empty');
  // Phones keep the name, the place and the actions; the street address and the website come back from md up.
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const columnVisibilityModel = useMemo(() => ({ addressLineOne: !narrow, website: !narrow }), [narrow]);
  const { data: organizations, isLoading, isError } = useGetOrganizationsQuery(account.slug);
  const [createOrganization, { isLoading: creating }] = useCreateOrganizationMutation();
  const [updateOrganization, { isLoading: updating }] = useUpdateOrganizationMutation();
  // The dialog keeps its organization while it fades out.
  const [dialog, setDialog] = useState<{ open: boolean; organization: OrganizationDto | null }>({
    open: false,
    organization: null,
  });

  const columns = useMemo<GridColDef<OrganizationDto>[]>(() => {
    const base: GridColDef<OrganizationDto>[] = [
      { field: 'name', headerName: t('organizations.columns.name'), flex: 1, minWidth: 120 },
      {
        field: 'addressLineOne',
        headerName: t('organizations.columns.address'),
        flex: 1.2,
        minWidth: 160,
        valueGetter: (_value, organization) =>
          [organization.addressLineOne, organization.addressLineTwo].filter(Boolean).join(', '),
      },
      {
        field: 'place',
        headerName: t('organizations.columns.place'),
        flex: 1,
        minWidth: 110,
        valueGetter: (_value, organization) => placeOf(organization),
      },
      {
        field: 'website',
        headerName: t('organizations.fields.website'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) =>
          row.website ? (
            <Link href={websiteHref(row.website)} target="_blank" rel="noopener noreferrer">
              {row.website}
            </Link>
          ) : null,
      },
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        field: 'actions',
        type: 'actions',
        headerName: t('organizations.columns.actions'),
        width: canDelete ? 108 : 72,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditOutlined fontSize="small" />}
            label={t('organizations.editOf', { name: row.name })}
            onClick={() => setDialog({ open: true, organization: row })}
          />,
          ...(canDelete
            ? [
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteOutline fontSize="small" />}
                  label={t('organizations.deleteOf', { name: row.name })}
                  onClick={() => setLeaving(row)}
                />,
              ]
            : []),
        ],
      },
    ];
  }, [t, canManage, canDelete]);
  const responsive = useResponsiveColumns(columns, ['name', 'actions'], columnVisibilityModel);

  const remove = async (name: string) => {
    if (!leaving) return;
    const result = await deleteOrganization({ id: leaving.id, name });
    if (result.error) return;
    // The header must not keep an organization that is gone.
    if (selected?.id === leaving.id) dispatch(resetSelectedOrganization());
    setLeaving(null);
  };

  const save = async (request: OrganizationRequest) => {
    const editing = dialog.organization;
    const result = editing
      ? await updateOrganization({ id: editing.id, changes: request })
      : await createOrganization({ ...request, accountId: account.id });
    if (!result.error) setDialog((current) => ({ ...current, open: false }));
  };

  return (
    <>
      {canManage ? (
        <Button
          variant="contained"
          startIcon={<AddBusinessOutlined />}
          onClick={() => setDialog({ open: true, organization: null })}
          sx={{ mb: 2 }}
        >
          {t('organizations.add')}
        </Button>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="organizations-read-only">
          {t('organizations.readOnly')}
        </Alert>
      )}
      <ListGridCard
        {...gridDefaults}
        isError={isError}
        errorTestId="organizations-error"
        rows={organizations ?? []}
        {...responsive}
        loading={isLoading}
        aria-label={t('admin.sections.organizations.title')}
      />
      <OrganizationDialog
        open={dialog.open}
        organization={dialog.organization}
        submitting={creating || updating}
        onSubmit={(request) => void save(request)}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmByNameDialog
        name={leaving?.name ?? null}
        title={t('organizations.deleteTitle', { name: leaving?.name ?? '' })}
        warning={t('organizations.deleteWarning')}
        deleting={deleting}
        onConfirm={(name) => void remove(name)}
        onClose={() => setLeaving(null)}
      />
    </>
  );
}

/** Admin → Account → Organizations: Admins add organizations and edit their names and addresses; others read. */
export default function OrganizationsPage() {
  const { data: profile } = useProfile();
  return (
    <AdminAccountPage section="organizations">
      {({ account, canManage }) => (
        <OrganizationsTable account={account} canManage={canManage} canDelete={profile?.systemAdmin === true} />
      )}
    </AdminAccountPage>
  );
}
