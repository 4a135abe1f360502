import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { LIMITS } from '@infra/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TOAST_KEYS } from '../../api/toastRules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setSelectedItem } from '../../layout/sidebarSlice';
import { ControlledTextField } from '../../shared/components/ControlledTextField';
import { CHECKED_AFTER_SUBMIT, ruleOf } from '../../shared/forms';
import { useCreateViewMutation } from '../management/inventoryApi';
import { selectDashboardFilter } from './dashboardFilterSlice';
import { entityPath } from './entityQueries';
import {
  isViewNameTaken,
  saveViewRequest,
  viewDescriptionError,
  viewNameError,
  type SaveViewState,
  type ViewForm,
} from './saveView';
import { timeHorizonKey } from './timeHorizons';

export interface SaveViewDialogProps {
  state: SaveViewState;
  onClose: () => void;
}

/**
 * Saves the applied filter as a new view (createView: `PATCH views`) and opens it. Failures show the toasts of
 * §8 (the view failure text, or the already-exists text, which also marks the name).
 */
export function SaveViewDialog({ state, onClose }: SaveViewDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const filter = useAppSelector(selectDashboardFilter);
  const [createView, { isLoading }] = useCreateViewMutation();
  const { control, handleSubmit, reset, setError } = useForm<ViewForm>({
    ...CHECKED_AFTER_SUBMIT,
    defaultValues: state.initialView,
  });

  const { showSaveView, initialView } = state;
  useEffect(() => {
    if (showSaveView) reset(initialView);
  }, [showSaveView, initialView, reset]);

  const submit = handleSubmit(async (form) => {
    const result = await createView(saveViewRequest(filter, form));
    if (result.error) {
      // A taken name shows under the field until the name changes (its rule is checked again then).
      if (isViewNameTaken(result.error)) setError('name', { type: 'taken', message: TOAST_KEYS.alreadyExists });
      return;
    }
    onClose();
    dispatch(setSelectedItem({ id: result.data.id, name: result.data.name }));
    void navigate(entityPath('view', result.data.id));
  });

  const chosen = (options: { label: string }[]) =>
    options.length > 0 ? options.map((option) => option.label).join(', ') : t('dashboard.saveView.none');

  return (
    <Dialog open={showSaveView} onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={state.title}>
        <DialogTitle>{state.title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div" sx={{ mb: 2 }} data-testid="save-view-filter">
            <div>{t('dashboard.saveView.collections', { value: chosen(filter.collections) })}</div>
            <div>{t('dashboard.saveView.tags', { value: chosen(filter.tags) })}</div>
            <div>{t('dashboard.saveView.timeHorizon', { value: t(timeHorizonKey(filter.timeHorizon)) })}</div>
          </DialogContentText>
          <Stack spacing={2}>
            <ControlledTextField
              control={control}
              name="name"
              rules={{ validate: ruleOf(viewNameError) }}
              label={t('dashboard.saveView.name')}
              help={t('dashboard.saveView.nameHelp', { max: LIMITS.viewNameMaxLength })}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: LIMITS.viewNameMaxLength } }}
            />
            <ControlledTextField
              control={control}
              name="description"
              rules={{ validate: ruleOf(viewDescriptionError) }}
              label={t('dashboard.saveView.description')}
              help={t('dashboard.saveView.descriptionHelp', { max: LIMITS.viewDescriptionMaxLength })}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: LIMITS.viewDescriptionMaxLength } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
