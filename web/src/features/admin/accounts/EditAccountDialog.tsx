import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { skipToken } from '@reduxjs/toolkit/query';
import type { AccountDto } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useGetMembersQuery, useUpdateAccountMutation, type AccountUpdate } from '../../account/accountApi';
import { AccountSettingsForm } from '../../account/AccountSettingsForm';

export interface EditAccountDialogProps {
  /** The account to edit; null when closed. */
  account: AccountDto | null;
  onClose: () => void;
}

/** Edits any account's name, contacts, time zone and thresholds (the Account page's form, for System Admins). */
export function EditAccountDialog({ account, onClose }: EditAccountDialogProps) {
  const { t } = useTranslation();
  const { data: members } = useGetMembersQuery(account ? account.id : skipToken);
  const [updateAccount, { isLoading: saving }] = useUpdateAccountMutation();

  const save = async (changes: AccountUpdate) => {
    if (!account || Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    // A refusal shows the global error toast; the dialog stays open to correct it.
    const result = await updateAccount({ id: account.id, changes });
    if (!result.error) onClose();
  };

  return (
    <Dialog open={account !== null} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{account ? t('accounts.editTitle', { name: account.name }) : null}</DialogTitle>
      <DialogContent>
        {account ? (
          <AccountSettingsForm
            key={account.id}
            account={account}
            members={members ?? []}
            submitting={saving}
            onSubmit={(changes) => void save(changes)}
            onCancel={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
