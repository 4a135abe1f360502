import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AccountRole, MemberDto } from '@infra/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ROLES, roleKey } from '../../../shared/roles';
import { fullName } from '../../user/display';

/** A plausible email address (the server has the last word). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewMember {
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
}

function RoleSelect({ value, onChange }: { value: AccountRole; onChange: (role: AccountRole) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={t('members.role')}
      name="role"
      value={value}
      onChange={(event) => onChange(event.target.value as AccountRole)}
      fullWidth
    >
      {ACCOUNT_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {t(roleKey(role))}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Adds (or invites) a member: email, first and last name, role. */
export function AddMemberDialog({
  open,
  submitting,
  onSubmit,
  onClose,
}: {
  open: boolean;
  submitting: boolean;
  onSubmit: (member: NewMember) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [member, setMember] = useState<NewMember>({ email: '', firstName: '', lastName: '', role: 'User' });
  const [attempted, setAttempted] = useState(false);
  const errors = {
    email: !EMAIL_PATTERN.test(member.email.trim()),
    firstName: member.firstName.trim() === '',
    lastName: member.lastName.trim() === '',
  };
  const set = (field: keyof NewMember) => (value: string) => setMember((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (errors.email || errors.firstName || errors.lastName) return;
    onSubmit({
      ...member,
      email: member.email.trim(),
      firstName: member.firstName.trim(),
      lastName: member.lastName.trim(),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            setMember({ email: '', firstName: '', lastName: '', role: 'User' });
            setAttempted(false);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label={t('members.addTitle')}>
        <DialogTitle>{t('members.addTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('members.addHelp')}</DialogContentText>
          <Stack spacing={2}>
            <TextField
              label={t('members.email')}
              name="email"
              type="email"
              value={member.email}
              onChange={(event) => set('email')(event.target.value)}
              error={attempted && errors.email}
              helperText={attempted && errors.email ? t('members.emailInvalid') : undefined}
              required
              fullWidth
              autoFocus
            />
            <TextField
              label={t('members.firstName')}
              name="firstName"
              value={member.firstName}
              onChange={(event) => set('firstName')(event.target.value)}
              error={attempted && errors.firstName}
              helperText={attempted && errors.firstName ? t('members.required') : undefined}
              required
              fullWidth
            />
            <TextField
              label={t('members.lastName')}
              name="lastName"
              value={member.lastName}
              onChange={(event) => set('lastName')(event.target.value)}
              error={attempted && errors.lastName}
              helperText={attempted && errors.lastName ? t('members.required') : undefined}
              required
              fullWidth
            />
            <RoleSelect value={member.role} onChange={(role) => setMember((current) => ({ ...current, role }))} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {t('members.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Changes a member's role in the account. */
export function EditRoleDialog({
  member,
  submitting,
  onSubmit,
  onClose,
}: {
  member: MemberDto | null;
  submitting: boolean;
  onSubmit: (role: AccountRole) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [role, setRole] = useState<AccountRole>(member?.role ?? 'User');
  const [shownFor, setShownFor] = useState<string | undefined>(member?.userId);
  // Start from the member's role each time the dialog opens for someone.
  if (member && member.userId !== shownFor) {
    setShownFor(member.userId);
    setRole(member.role);
  }
  return (
    <Dialog open={member !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('members.editRoleTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{member ? fullName(member) || member.email : ''}</DialogContentText>
        <RoleSelect value={role} onChange={setRole} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => onSubmit(role)} disabled={submitting || role === member?.role}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before removing a member from the account. */
export function RemoveMemberDialog({
  member,
  accountName,
  submitting,
  onConfirm,
  onClose,
}: {
  member: MemberDto | null;
  accountName: string;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={member !== null} onClose={onClose} fullWidth maxWidth="xs" data-testid="remove-member-dialog">
      <DialogTitle>{t('members.removeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {member ? t('members.removeConfirm', { name: fullName(member) || member.email, account: accountName }) : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={submitting}>
          {t('members.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
