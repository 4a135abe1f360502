import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { INVENTORY_LIMITS, type CollectionDto } from '@infra/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Controller, useForm, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField, type ControlledTextFieldProps } from '../../../shared/components/ControlledTextField';
import { CHECKED_AFTER_SUBMIT, ruleOf } from '../../../shared/forms';
import { collectionNameError } from '../inventoryRules';
import { AssetPicker } from './AssetPicker';
import type { AssetChoice } from './memberAssets';
import { useCollectionMembers } from './memberAssets';

export interface NewCollection {
  name: string;
  assets: AssetChoice[];
}

/** The name's rule, in every form with a collection name. */
const NAME_RULES = { validate: ruleOf(collectionNameError) };

/** The name's field, in every form with a collection name. */
function CollectionNameField<T extends FieldValues>({
  control,
  name,
  rules,
}: Pick<ControlledTextFieldProps<T, FieldPathByValue<T, string>>, 'control' | 'name' | 'rules'>) {
  const { t } = useTranslation();
  return (
    <ControlledTextField
      control={control}
      name={name}
      rules={rules}
      label={t('management.collections.name')}
      help=" "
      required
      autoFocus
      slotProps={{
        htmlInput: { maxLength: INVENTORY_LIMITS.collectionNameMaxLength, 'data-testid': 'collection-name' },
      }}
    />
  );
}

/** Creates a collection: a name unique in the organization, and optionally its first assets. */
export function CreateCollectionDialog({
  open,
  submitting,
  onSubmit,
  onClose,
}: {
  open: boolean;
  submitting: boolean;
  onSubmit: (collection: NewCollection) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset } = useForm<NewCollection>({
    ...CHECKED_AFTER_SUBMIT,
    defaultValues: { name: '', assets: [] },
  });

  const submit = handleSubmit(({ name, assets }) => onSubmit({ name: name.trim(), assets }));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => reset() } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('management.collections.createTitle')}
      >
        <DialogTitle>{t('management.collections.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <CollectionNameField control={control} name="name" rules={NAME_RULES} />
            <Controller
              control={control}
              name="assets"
              render={({ field }) => (
                <AssetPicker value={field.value} onChange={field.onChange} disabled={submitting} />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={submitting} data-testid="collection-save">
            {t('management.collections.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Renames a collection. */
export function RenameCollectionDialog({
  collection,
  submitting,
  onSubmit,
  onClose,
}: {
  collection: CollectionDto | null;
  submitting: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset } = useForm<{ name: string }>({
    ...CHECKED_AFTER_SUBMIT,
    defaultValues: { name: '' },
  });
  useEffect(() => {
    if (collection) reset({ name: collection.name });
  }, [collection, reset]);

  const submit = handleSubmit(({ name }) => onSubmit(name.trim()));

  return (
    <Dialog open={collection !== null} onClose={onClose} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('management.collections.renameTitle')}
      >
        <DialogTitle>{t('management.collections.renameTitle')}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <CollectionNameField control={control} name="name" rules={NAME_RULES} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={submitting} data-testid="collection-rename-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Edits the members of a collection with the collection:asset field; saving sends what was added and removed. */
export function CollectionMembersDialog({
  collection,
  submitting,
  onSubmit,
  onClose,
}: {
  collection: CollectionDto | null;
  submitting: boolean;
  onSubmit: (before: AssetChoice[], after: AssetChoice[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const members = useCollectionMembers(collection?.id ?? null);
  const [picked, setPicked] = useState<AssetChoice[]>([]);
  useEffect(() => {
    if (members) setPicked(members);
  }, [members]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (members) onSubmit(members, picked);
  };

  return (
    <Dialog open={collection !== null} onClose={onClose} fullWidth maxWidth="md">
      <Box component="form" noValidate onSubmit={submit} aria-label={t('management.collections.membersTitle')}>
        <DialogTitle>{t('management.collections.membersTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('management.collections.membersHelp', { name: collection?.name ?? '' })}
          </DialogContentText>
          {members === undefined ? <LinearProgress aria-label={t('common.loading')} /> : null}
          {members === null ? <Alert severity="error">{t('toast.queryError')}</Alert> : null}
          {members ? (
            <AssetPicker
              value={picked}
              onChange={setPicked}
              excludeCollectionId={collection?.id}
              disabled={submitting}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!members || submitting}
            data-testid="collection-members-save"
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
