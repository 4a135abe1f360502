import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AccountDto, AccountRole, MemberDto } from '@infra/contracts';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportEmailLink } from '../../../shared/components/SupportEmailLink';
import { roleKey } from '../../../shared/roles';
import { useDataGridDefaults, useResponsiveColumns } from '../../../shared/table';
import {
  useAddMemberMutation,
  useGetMembersQuery,
  useRemoveMemberMutation,
  useUpdateMemberRoleMutation,
} from '../../account/accountApi';
import { fullName } from '../../user/display';
import { AdminAccountPage } from './AdminAccountPage';
import { AddMemberDialog, EditRoleDialog, RemoveMemberDialog, type NewMember } from './MemberDialogs';

export interface MembersTableProps {
  account: Pick<AccountDto, 'id' | 'name'>;
  /** Admins get the add, edit-role and remove controls. */
  canManage: boolean;
}

/** The account's members in a DataGrid (table defaults of §2), with add, edit-role and remove. */
export function MembersTable({ account, canManage }: MembersTableProps) {
  const { t } = useTranslation();
  const gridDefaults = useDataGridDefaults();
  // The columns fit the page down to a phone with the sidebar collapsed, and beside the open sidebar at
  // 1024 px: narrower screens drop the multi-factor column, then the email (the name falls back to it).
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columnVisibilityModel = useMemo(() => ({ mfaEnabled: !narrow, email: !phone }), [narrow, phone]);
  const { data: members, isLoading } = useGetMembersQuery(account.id);
  const [addMember, { isLoading: adding }] = useAddMemberMutation();
  const [updateRole, { isLoading: updating }] = useUpdateMemberRoleMutation();
  const [removeMember, { isLoading: removing }] = useRemoveMemberMutation();
  const [showAdd, setShowAdd] = useState(false);
  const [editing, setEditing] = useState<MemberDto | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState<MemberDto | null>(null);

  const columns = useMemo<GridColDef<MemberDto>[]>(() => {
    const base: GridColDef<MemberDto>[] = [
      {
        field: 'name',
        headerName: t('members.name'),
        flex: 1,
        minWidth: 90,
        // A member who has not given a name yet is shown by the email.
        valueGetter: (_value, member) => fullName(member) || member.email,
        // A pending invitation is marked as one: the name the Admin typed when known, never the email posing as a
        // name (the email shows in its own column; on phones, where that column is hidden, beside the mark).
        renderCell: ({ row }) =>
          row.status === 'pending' ? (
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}
              data-testid={`pending-${row.invitationId ?? ''}`}
            >
              {fullName(row) || phone ? (
                <Typography variant="body2" noWrap component="span">
                  {fullName(row) || row.email}
                </Typography>
              ) : null}
              <Chip size="small" variant="outlined" color="warning" label={t('members.pending')} />
            </Stack>
          ) : (
            fullName(row) || row.email
          ),
      },
      { field: 'email', headerName: t('members.email'), flex: 1.2, minWidth: 170 },
      {
        field: 'role',
        headerName: t('members.role'),
        width: 112,
        valueFormatter: (value: AccountRole) => t(roleKey(value)),
        renderCell: ({ row }) => (
          <Chip size="small" color={row.role === 'Admin' ? 'primary' : 'default'} label={t(roleKey(row.role))} />
        ),
      },
      {
        field: 'mfaEnabled',
        headerName: t('members.mfa'),
        width: 110,
        valueFormatter: (value: boolean, member) =>
          member.status === 'pending' ? '' : t(value ? 'members.mfaOn' : 'members.mfaOff'),
      },
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        field: 'actions',
        type: 'actions',
        headerName: t('members.actions'),
        width: 88,
        getActions: ({ row }) => {
          // An invitation has no member to edit or remove yet.
          if (row.status === 'pending') return [];
          const name = fullName(row) || row.email;
          return [
            <GridActionsCellItem
              key="edit"
              icon={<EditOutlined fontSize="small" />}
              label={t('members.editRoleOf', { name })}
              onClick={() => setEditing(row)}
            />,
            <GridActionsCellItem
              key="remove"
              icon={<DeleteOutline fontSize="small" />}
              label={t('members.removeMember', { name })}
              onClick={() => setConfirmingRemoval(row)}
            />,
          ];
        },
      },
    ];
  }, [t, canManage, phone]);
  const responsive = useResponsiveColumns(columns, ['name', 'role', 'actions'], columnVisibilityModel);

  const add = async (member: NewMember) => {
    const result = await addMember({ accountId: account.id, ...member });
    if (!result.error) setShowAdd(false);
  };

  const changeRole = async (role: AccountRole) => {
    if (!editing) return;
    const result = await updateRole({ accountId: account.id, userId: editing.userId, role });
    if (!result.error) setEditing(null);
  };

  const remove = async () => {
    if (!confirmingRemoval) return;
    const result = await removeMember({ accountId: account.id, userId: confirmingRemoval.userId });
    if (!result.error) setConfirmingRemoval(null);
  };

  return (
    <>
      {canManage ? (
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={() => setShowAdd(true)}
          sx={{ mb: 2 }}
        >
          {t('members.add')}
        </Button>
      ) : null}
      <Card>
        <DataGrid
          {...gridDefaults}
          rows={members ?? []}
          {...responsive}
          getRowId={(member) => member.invitationId ?? member.userId}
          loading={isLoading}
          autoHeight
          disableRowSelectionOnClick
          aria-label={t('admin.sections.members.title')}
          sx={{ border: 0 }}
        />
      </Card>
      <AddMemberDialog
        open={showAdd}
        submitting={adding}
        onSubmit={(member) => void add(member)}
        onClose={() => setShowAdd(false)}
      />
      <EditRoleDialog
        member={editing}
        submitting={updating}
        onSubmit={(role) => void changeRole(role)}
        onClose={() => setEditing(null)}
      />
      <RemoveMemberDialog
        member={confirmingRemoval}
        accountName={account.name}
        submitting={removing}
        onConfirm={() => void remove()}
        onClose={() => setConfirmingRemoval(null)}
      />
    </>
  );
}

/** Admin → Account → Members: Admins manage the members; others are told whom to ask. */
export default function MembersPage() {
  const { t } = useTranslation();
  return (
    <AdminAccountPage section="members">
      {({ account, canManage }) =>
        canManage ? (
          <MembersTable account={account} canManage />
        ) : (
          <Alert severity="info" data-testid="members-read-only">
            {t('members.adminOnly')} <SupportEmailLink />
          </Alert>
        )
      }
    </AdminAccountPage>
  );
}
