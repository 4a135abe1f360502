import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../api/errors';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { SupportEmailLink } from '../../shared/components/SupportEmailLink';
import { useFailureText, type FailureTexts } from '../../shared/serverMessages';
import { usePageTitle } from '../../shared/usePageTitle';
import { AccountDetailsCard } from './AccountDetails';
import { useGetMembersQuery, useUpdateAccountMutation, type AccountUpdate } from './accountApi';
import { AccountSettingsForm } from './AccountSettingsForm';
import { ContactCard } from './ContactCard';
import { useCurrentAccount } from './useCurrentAccount';

/**
 * Failures of saving the account: the form checks the thresholds itself, and identity has no account error
 * codes yet, so anything the server refuses is the unknown-error text (never its message).
 */
const SAVE_FAILURES: FailureTexts = { fallback: 'toast.unknownError' };

/**
 * Account: owner, billing contact and technical contact, time zone and workload thresholds. Admins edit them;
 * users who cannot edit are told to contact the admin or support.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  usePageTitle('nav.account');
  const { account, canManage, isLoading } = useCurrentAccount();
  const { data: members, isLoading: membersPending } = useGetMembersQuery(
    account && canManage ? account.id : skipToken,
  );
  const [updateAccount, { isLoading: saving }] = useUpdateAccountMutation();
  const [editing, setEditing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  if (isLoading) return <Loading />;
  if (!account) {
    return (
      <>
        <PageHeader title={t('account.title')} />
        <Alert severity="info">{t('layout.noAccounts')}</Alert>
      </>
    );
  }

  const save = async (changes: AccountUpdate) => {
    setSaveError(null);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    const result = await updateAccount({ id: account.id, changes });
    if (result.error) setSaveError(failureText(failureOf(result.error), SAVE_FAILURES));
    else setEditing(false);
  };

  return (
    <>
      <PageHeader
        title={t('account.title')}
        subtitle={account.name}
        actions={
          canManage ? (
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('common.edit')}
            </Button>
          ) : null
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <ContactCard
            labelKey="account.owner"
            userId={account.ownerId}
            members={members}
            membersPending={membersPending}
            testId="account-owner"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ContactCard
            labelKey="account.billingContact"
            userId={account.billingContactId}
            members={members}
            membersPending={membersPending}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ContactCard
            labelKey="account.technicalContact"
            userId={account.technicalContactId}
            members={members}
            membersPending={membersPending}
          />
        </Grid>
      </Grid>
      <AccountDetailsCard
        title={t('account.settings')}
        account={account}
        fields={['timeZone', 'minWorkloadPercentThreshold', 'maxWorkloadPercentThreshold']}
        testIdPrefix="account"
        size={{ xs: 12, sm: 4 }}
        sx={{ mt: 3 }}
      />
      {canManage ? null : (
        <Alert severity="info" sx={{ mt: 3 }} data-testid="account-contact-admin">
          {t('account.contactAdmin')} <SupportEmailLink />
        </Alert>
      )}
      <Dialog open={editing} onClose={() => setEditing(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('account.editTitle')}</DialogTitle>
        <DialogContent>
          {saveError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {saveError}
            </Alert>
          ) : null}
          {editing ? (
            <AccountSettingsForm
              account={account}
              members={members ?? []}
              submitting={saving}
              onSubmit={(changes) => void save(changes)}
              onCancel={() => {
                setSaveError(null);
                setEditing(false);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
