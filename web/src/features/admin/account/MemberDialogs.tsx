import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { AccountRole, MemberDto } from '@infra/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField } from '../../../shared/components/ControlledTextField';
import { CHECKED_AFTER_SUBMIT } from '../../../shared/forms';
import { fullName } from '../../user/display';
import { RoleSelect } from './RoleSelect';

/** A plausible email address (the server has the last word). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewMember {
  email: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
}

const NO_MEMBER: NewMember = { email: '', firstName: '', lastName: '', role: 'User' };
const required = (value: string) => value.trim() !== '' || 'members.required';

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
  const { control, handleSubmit, reset } = useForm<NewMember>({ ...CHECKED_AFTER_SUBMIT, defaultValues: NO_MEMBER });

  const submit = handleSubmit((member) =>
    onSubmit({
      ...member,
      email: member.email.trim(),
      firstName: member.firstName.trim(),
      lastName: member.lastName.trim(),
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => reset() } }}
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('members.addTitle')}>
        <DialogTitle>{t('members.addTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('members.addHelp')}</DialogContentText>
          <Stack spacing={2}>
            <ControlledTextField
              control={control}
              name="email"
              rules={{ validate: (email) => EMAIL_PATTERN.test(email.trim()) || 'members.emailInvalid' }}
              label={t('members.email')}
              type="email"
              required
              autoFocus
            />
            <ControlledTextField
              control={control}
              name="firstName"
              rules={{ validate: required }}
              label={t('members.firstName')}
              required
            />
            <ControlledTextField
              control={control}
              name="lastName"
              rules={{ validate: required }}
              label={t('members.lastName')}
              required
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <RoleSelect label={t('members.role')} value={field.value} onChange={field.onChange} />
              )}
            />
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
        <RoleSelect label={t('members.role')} value={role} onChange={setRole} />
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
