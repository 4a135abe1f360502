import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { PLAN_LIMITS, type AccountDto } from '@infra/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField } from '../../../shared/components/ControlledTextField';
import { CHECKED_AFTER_SUBMIT } from '../../../shared/forms';
import { useUpdateAccountMutation } from '../../account/accountApi';

interface PlanValues {
  plan: string;
  /** As typed: a whole number of assets. */
  assetLimit: string;
}

const planError = (plan: string) =>
  plan.trim() === '' || plan.trim().length > PLAN_LIMITS.nameMaxLength ? 'subscription.errors.plan' : true;
const limitError = (limit: string) =>
  /^\d{1,8}$/.test(limit.trim()) && Number(limit) <= PLAN_LIMITS.assetLimitMax ? true : 'subscription.errors.limit';

export interface PlanDialogProps {
  account: Pick<AccountDto, 'id' | 'plan' | 'assetLimit'>;
  open: boolean;
  onClose: () => void;
}

/** System Admins change an account's plan: its name and the assets it allows (inventory applies it in seconds). */
export function PlanDialog({ account, open, onClose }: PlanDialogProps) {
  const { t } = useTranslation();
  const [updateAccount, { isLoading: saving }] = useUpdateAccountMutation();
  const initial = { plan: account.plan, assetLimit: String(account.assetLimit) };
  const { control, handleSubmit, reset } = useForm<PlanValues>({ ...CHECKED_AFTER_SUBMIT, defaultValues: initial });

  const submit = handleSubmit(async ({ plan, assetLimit }) => {
    const result = await updateAccount({
      id: account.id,
      changes: { plan: plan.trim(), assetLimit: Number(assetLimit.trim()) },
    });
    if (!result.error) onClose();
  });

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onEnter: () => reset(initial) } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{t('subscription.changeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('subscription.changeHelp')}</DialogContentText>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ControlledTextField
              control={control}
              name="plan"
              rules={{ validate: planError }}
              label={t('subscription.plan')}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: PLAN_LIMITS.nameMaxLength } }}
            />
            <ControlledTextField
              control={control}
              name="assetLimit"
              rules={{ validate: limitError }}
              label={t('subscription.assetLimit')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
