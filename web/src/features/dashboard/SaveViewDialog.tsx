import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { LIMITS } from '@infra/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TOAST_KEYS } from '../../api/toastRules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setSelectedItem } from '../../layout/sidebarSlice';
import { FormTextField } from '../../shared/components/FormTextField';
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
  const [form, setForm] = useState<ViewForm>(state.initialView);
  const [attempted, setAttempted] = useState(false);
  const [nameTaken, setNameTaken] = useState(false);

  const { showSaveView, initialView } = state;
  useEffect(() => {
    if (!showSaveView) return;
    setForm(initialView);
    setAttempted(false);
    setNameTaken(false);
  }, [showSaveView, initialView]);

  const nameError = viewNameError(form.name);
  const descriptionError = viewDescriptionError(form.description);
  const set = (field: keyof ViewForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field === 'name') setNameTaken(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (nameError || descriptionError) return;
    const result = await createView(saveViewRequest(filter, form));
    if (result.error) {
      setNameTaken(isViewNameTaken(result.error));
      return;
    }
    onClose();
    dispatch(setSelectedItem({ id: result.data.id, name: result.data.name }));
    void navigate(entityPath('view', result.data.id));
  };

  const chosen = (options: { label: string }[]) =>
    options.length > 0 ? options.map((option) => option.label).join(', ') : t('dashboard.saveView.none');
  const nameHelp = nameTaken
    ? t(TOAST_KEYS.alreadyExists)
    : attempted && nameError
      ? t(nameError)
      : t('dashboard.saveView.nameHelp', { max: LIMITS.viewNameMaxLength });

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
            <FormTextField
              label={t('dashboard.saveView.name')}
              name="name"
              value={form.name}
              onValueChange={set('name')}
              error={nameTaken || (attempted && Boolean(nameError))}
              helperText={nameHelp}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: LIMITS.viewNameMaxLength } }}
            />
            <FormTextField
              label={t('dashboard.saveView.description')}
              name="description"
              value={form.description}
              onValueChange={set('description')}
              error={attempted && Boolean(descriptionError)}
              helperText={
                attempted && descriptionError
                  ? t(descriptionError)
                  : t('dashboard.saveView.descriptionHelp', { max: LIMITS.viewDescriptionMaxLength })
              }
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
